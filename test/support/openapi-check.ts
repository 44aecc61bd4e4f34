import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../src/adapters/http/openapi/document.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * Every response the end-to-end tests receive is checked against the OpenAPI document
 * the test clients of service.ts and external-harness.ts call `checkResponse`.
 * A documented route must answer one of its documented statuses with a body that matches
 * that status's schema; an error from anywhere must be the error envelope. Undocumented paths
 * (the probes, /metrics) are not checked here.
 */

type Json = Record<string, any>;

interface Operation {
  method: string;
  template: string;
  params: number;
  test: RegExp;
  responses: Json;
}

let operations: Operation[] | null = null;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
let doc: Json;

function load(): Operation[] {
  doc = buildOpenApiDocument();
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    for (const [method, op] of Object.entries(item as Json)) {
      ops.push({
        method: method.toUpperCase(),
        template,
        params: (template.match(/\{/g) ?? []).length,
        test: new RegExp(`^${pattern}$`),
        responses: (op as Json).responses,
      });
    }
  }
  // Fixed segments win over parameters (`/products/stock` before `/products/{id}`), as in the router.
  return ops.sort((a, b) => a.params - b.params);
}

function resolve(node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => at[key], doc);
  return resolve(target);
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile(resolve(schema));
    validators.set(key, v);
  }
  return v;
}

/** Throws when `body` (answered with `status` to `method path`) disagrees with the document. */
export function checkResponse(method: string, url: string, status: number, body: unknown): void {
  operations ??= load();
  const path = new URL(url, 'http://x').pathname;
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const op = operations.find((o) => o.method === m && o.test.test(path));
  if (body === null || typeof body !== 'object') return;
  if (!op) {
    if ((body as Json).success === false && path.startsWith('/api/')) {
      const v = validatorFor('ErrorEnvelope', { $ref: '#/components/schemas/ErrorEnvelope' });
      if (!v(body)) throw new Error(`${m} ${path} ${status}: not the error envelope: ${ajv.errorsText(v.errors)}`);
    }
    return;
  }
  const response = op.responses[String(status)] as Json | undefined;
  if (!response) {
    throw new Error(
      `${m} ${op.template} answered ${status}, which the document does not list (${Object.keys(op.responses).join(', ')})`,
    );
  }
  const schema = resolve(response).content?.['application/json']?.schema as Json | undefined;
  if (!schema) return;
  const v = validatorFor(`${m} ${op.template} ${status}`, schema);
  if (!v(body)) {
    throw new Error(
      `${m} ${op.template} ${status}: the body does not match the documented schema: ${ajv.errorsText(v.errors, { separator: '; ' })}\n${JSON.stringify(body).slice(0, 600)}`,
    );
  }
}
