import { isUuid } from '../../domain/shared/ids.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { InvalidIdParameter } from './http-errors.js';
import { Uuid } from '../../application/shared/schemas.js';
import { normalisedBySchema } from '../shared/validation.js';

/** A path parameter that must be a UUID: `:id` gets the spec's own message, others a named one. */
export function uuidParam(value: unknown, name = 'id'): string {
  if (isUuid(value)) return normalisedBySchema(Uuid, value);
  if (name === 'id') throw new InvalidIdParameter();
  throw new ValidationError(`Invalid ${name} parameter. Must be a valid UUID.`, name);
}
