import { DomainError, NotFoundError, ValidationError } from '../../domain/shared/errors.js';

/** Errors that belong to HTTP itself rather than to a use case. */
export class RouteNotFound extends NotFoundError {
  constructor() {
    super('Route not found');
  }
}

export class MalformedJson extends ValidationError {
  constructor() {
    super('Malformed JSON body');
  }
}

/** A JSON body nested deeper than any request of this API needs (refused before anything walks it). */
export class JsonTooDeep extends ValidationError {
  constructor(maxDepth: number) {
    super(`JSON body is nested too deeply (at most ${maxDepth} levels)`);
  }
}

/** A body whose Content-Encoding (gzip, deflate, br) does not decode. */
export class UndecodableBody extends ValidationError {
  constructor() {
    super('Request body could not be decoded with its Content-Encoding');
  }
}

/** A percent-escape in the path that is not valid UTF-8 (`%E0%A4%A`). */
export class MalformedPath extends ValidationError {
  constructor() {
    super('Malformed percent-encoding in the request path');
  }
}

/** The body did not arrive within BODY_TIMEOUT_MS of the headers. */
export class RequestTimeout extends DomainError {
  readonly kind = 'request_timeout' as const;
  readonly code = 'REQUEST_TIMEOUT';
  constructor() {
    super('Request body not received in time');
  }
}

/** The header block did not end within HEADERS_TIMEOUT_MS of the connection's request start. */
export class HeadersTimeout extends DomainError {
  readonly kind = 'request_timeout' as const;
  readonly code = 'REQUEST_TIMEOUT';
  constructor() {
    super('Request headers not received in time');
  }
}

/** Valid JSON that is not an object (`null`, `42`, `"x"`, `[]`): every body of this API is an object. */
export class BodyNotAnObject extends ValidationError {
  constructor() {
    super('Request body must be a JSON object', 'body');
  }
}

/** A known path asked with a method it does not serve: 405 with the methods it does (`Allow`). */
export class MethodNotAllowed extends DomainError {
  readonly kind = 'method_not_allowed' as const;
  readonly code = 'METHOD_NOT_ALLOWED';
  constructor(readonly allow: string[]) {
    super(`Method not allowed. Allowed: ${allow.join(', ')}`);
  }
}

export class PayloadTooLarge extends DomainError {
  readonly kind = 'payload_too_large' as const;
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor() {
    super('Request body too large');
  }
}

export class UnsupportedMediaType extends DomainError {
  readonly kind = 'unsupported_media_type' as const;
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  constructor() {
    super('Content-Type must be application/json');
  }
}

export class InvalidIdParameter extends ValidationError {
  constructor() {
    super('Invalid id parameter. Must be a valid UUID.', 'id');
  }
}

export class ServiceUnavailable extends DomainError {
  readonly kind = 'unavailable' as const;
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(message = 'Service unavailable') {
    super(message);
  }
}

export const DATABASE_UNREACHABLE = 'Database not reachable';

/** The database is restarting or out of reach: try again in a moment (`Retry-After`). */
export class DatabaseUnavailable extends ServiceUnavailable {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(DATABASE_UNREACHABLE);
  }
}
