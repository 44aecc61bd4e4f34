import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type Options, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { scaleOf } from '../../domain/shared/decimal.js';
import { ValidationError, type ErrorDetail } from '../../domain/shared/errors.js';
import { isUuid } from '../../domain/shared/ids.js';
import { isCountryCode } from './country-codes.js';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** The schema keyword of a string the service keeps in lower case (the shared `Uuid`). */
const LOWER_CASE = 'x-lowercase';

/**
 * `value` spelled as `schema` keeps it: lower-cased where the schema says `x-lowercase` (every
 * `Uuid` of a request, so an id compares equal to the stored one however the caller spelled it),
 * anything else as it is. The body and query validators apply it to each field they check; a
 * value checked on its own, such as a path parameter, is passed through it by its own checker.
 */
export function normalisedBySchema<T>(schema: object, value: T): T {
  const lower = (schema as Json)[LOWER_CASE] === true && typeof value === 'string';
  return lower ? (value.toLowerCase() as T) : value;
}

/** The `x-lowercase` keyword: the field, in the object or array that holds it, spelled as its schema keeps it. */
const normaliseInPlace: SchemaValidateFunction = (_on, data, schema, at) => {
  if (at?.parentData !== undefined) at.parentData[at.parentDataProperty] = normalisedBySchema(schema ?? {}, data);
  return true;
};

/**
 * ajv schemas guard the shape of every request at the edge. Every
 * error is turned into a sentence in the style of spec 7.2 ("limit must not be greater than
 * 100", "Row 2: Items quantity must be a positive number"); `x-message` on a schema node
 * overrides the sentence for that node.
 */
function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, ...options });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri']);
  // The domain's UUID, the one path parameters are checked by: no `urn:uuid:` prefix, which
  // ajv-formats would let through to a uuid column that refuses it.
  ajv.addFormat('uuid', { type: 'string', validate: isUuid });
  ajv.addFormat('iso3166-alpha2', { type: 'string', validate: isCountryCode });
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  ajv.addKeyword({
    keyword: 'maxDecimals',
    type: 'number',
    schemaType: 'number',
    validate: (max: number, data: number) => {
      const s = scaleOf(data);
      return s >= 0 && s <= max;
    },
    error: { message: 'too many decimals' },
  });
  ajv.addKeyword({
    keyword: LOWER_CASE,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    validate: normaliseInPlace,
  });
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false, removeAdditional: false });
const queryAjv = makeAjv({ coerceTypes: true, useDefaults: true, removeAdditional: 'all' });

type Json = Record<string, unknown>;

function fieldOf(error: ErrorObject): { label: string; path: string; prefix: string } {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return fieldAt(parts.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')));
}

/** `['items', '1', 'quantity']` → label "Items quantity", path `items[1].quantity`, prefix "Row 2: ". */
function fieldAt(parts: string[]): { label: string; path: string; prefix: string } {
  const rowAt = parts.findIndex((p) => /^\d+$/.test(p));
  if (rowAt > 0) {
    const list = parts[rowAt - 1]!;
    const rest = parts.slice(rowAt + 1);
    const row = Number(parts[rowAt]) + 1;
    const label = [list.charAt(0).toUpperCase() + list.slice(1), ...rest].join(' ');
    return { label, path: `${list}[${row - 1}]${rest.map((r) => `.${r}`).join('')}`, prefix: `Row ${row}: ` };
  }
  const path = parts.join('.');
  return { label: path || 'body', path, prefix: '' };
}

/**
 * Characters no string of a request may hold, as regular-expression class ranges (`u` flag).
 * C0 control characters but tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL
 * in text outright; the others have no business in a name, a reason or a search either. UTF-16
 * surrogates that are not half of a pair (under the `u` flag a pair is one code point, so only a
 * lone half matches): no UTF-8 text holds one, so PostgreSQL refuses it inside JSON and the
 * driver turns it into U+FFFD in a column (two different inputs, one stored value).
 */
const FORBIDDEN_IN_TEXT = [
  { ranges: '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F', what: 'control characters' },
  { ranges: '\\uD800-\\uDFFF', what: 'unpaired UTF-16 surrogates' },
].map(({ ranges, what }) => ({ ranges, what, found: new RegExp(`[${ranges}]`, 'u') }));

/**
 * The same rule as a JSON Schema `pattern` (ECMA-262 with the `u` flag, as ajv compiles it): the
 * OpenAPI document states it on every free-text field of a request; the walk below enforces it
 * on every string and property name, whatever the schema says of the field.
 */
export const PLAIN_TEXT_PATTERN = `^[^${FORBIDDEN_IN_TEXT.map((f) => f.ranges).join('')}]*$`;

/** What `text` holds that no request string may (`control characters`), or null. */
function forbiddenIn(text: string): string | null {
  return FORBIDDEN_IN_TEXT.find((f) => f.found.test(text))?.what ?? null;
}

/** Every string (value or key) of a request that holds a forbidden character, as one problem each. */
function forbiddenTextProblems(data: unknown): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  // Iterative: the edge has bounded the depth already, but this walk must not be the one to fail.
  const stack: [unknown, string[]][] = [[data, []]];
  while (stack.length > 0) {
    const [node, parts] = stack.pop()!;
    if (typeof node === 'string') {
      const what = forbiddenIn(node);
      if (what !== null) {
        const { label, path, prefix } = fieldAt(parts);
        problems.push({ field: path, issue: `${prefix}${label} must not contain ${what}` });
      }
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const what = forbiddenIn(key);
        if (what !== null) {
          problems.push({ field: '', issue: `property names must not contain ${what}` });
        } else {
          stack.push([child, [...parts, key]]);
        }
      }
    }
  }
  return problems;
}

function isPositiveNumberField(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Json).exclusiveMinimum === 0;
}

function sentence(error: ErrorObject, label: string): string {
  const p = error.params as Json;
  const schema = error.parentSchema as Json | undefined;
  // `x-message` words the field's own rule; a missing field, an unknown one or a value above the
  // column's maximum keep their precise sentences.
  if (
    typeof schema?.['x-message'] === 'string' &&
    error.keyword !== 'required' &&
    error.keyword !== 'additionalProperties' &&
    error.keyword !== 'maximum'
  ) {
    return schema['x-message'];
  }
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'additionalProperties':
      return `property ${String(p.additionalProperty)} should not exist`;
    case 'type':
      if (isPositiveNumberField(schema)) return `${label} must be a positive number`;
      if (p.type === 'integer') return `${label} must be an integer number`;
      if (p.type === 'array') return `${label} must be an array`;
      if (p.type === 'object') return `${label} must be an object`;
      return `${label} must be a ${String(p.type)}`;
    case 'exclusiveMinimum':
      return p.limit === 0 ? `${label} must be a positive number` : `${label} must be greater than ${String(p.limit)}`;
    case 'minimum':
      return `${label} must not be less than ${String(p.limit)}`;
    case 'maximum':
      return `${label} must not be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${String(p.limit)}`;
    case 'minLength':
      return p.limit === 1 ? `${label} should not be empty` : `${label} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${label} must be shorter than or equal to ${String(p.limit)} characters`;
    case 'minItems':
      return `${label} must contain at least ${String(p.limit)} ${p.limit === 1 ? 'item' : 'items'}`;
    case 'maxItems':
      return `${label} must contain no more than ${String(p.limit)} items`;
    case 'enum':
      return `${label} must be one of the following values: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return p.format === 'uuid' ? `${label} must be a UUID` : `${label} must be a valid ${String(p.format)}`;
    case 'maxDecimals':
      return `${label} must have at most ${String(error.schema)} decimal places`;
    case 'pattern':
      // `\S`: text that must hold more than blanks.
      return p.pattern === '\\S' ? `${label} should not be empty` : `${label} has an invalid format`;
    case 'minProperties':
      return `${label} must not be empty`;
    default:
      return `${label} is invalid`;
  }
}

export function toDetails(errors: ErrorObject[], before: ErrorDetail[] = []): ErrorDetail[] {
  const seen = new Set<string>(before.map((d) => d.field));
  const details: ErrorDetail[] = [...before];
  // A failed `anyOf` is one problem, worded by its own node: its branches' failures are not the caller's.
  const alternatives = errors.filter((e) => e.keyword === 'anyOf').map((e) => `${e.schemaPath}/`);
  for (const error of errors) {
    if (alternatives.some((branch) => error.schemaPath.startsWith(branch))) continue;
    const { label, path, prefix } = fieldOf(error);
    const issue = prefix + sentence(error, label);
    // A field that is both the wrong type and out of range is one problem to the caller.
    if (seen.has(path)) continue;
    seen.add(path);
    details.push({ field: path, issue });
  }
  return details;
}

export type Validator<T> = (data: unknown) => T;

function compileWith<T>(ajv: Ajv, schema: object): Validator<T> {
  const validate: ValidateFunction = ajv.compile(schema);
  return (data: unknown): T => {
    // Control characters and lone surrogates are refused in every string, whatever the schema says of the field.
    const forbidden = forbiddenTextProblems(data);
    if (!validate(data) || forbidden.length > 0) throw new ValidationError(toDetails(validate.errors ?? [], forbidden));
    return data as T;
  };
}

/**
 * A body validator: no coercion, unknown properties refused. Compile once, at module load.
 * Given a TypeBox schema, the validated value is typed by the schema itself (one schema → the
 * check, the command's type and the OpenAPI document).
 */
export function bodyValidator<S extends TSchema>(schema: S): Validator<Static<S>>;
export function bodyValidator<T>(schema: object): Validator<T>;
export function bodyValidator<T>(schema: object): Validator<T> {
  return compileWith<T>(bodyAjv, schema);
}

/** A query validator: strings coerced to the schema's types, defaults applied, unknown parameters dropped. */
export function queryValidator<S extends TSchema>(schema: S): Validator<Static<S>>;
export function queryValidator<T>(schema: object): Validator<T>;
export function queryValidator<T>(schema: object): Validator<T> {
  const validate = compileWith<T>(queryAjv, schema);
  return (data: unknown) => validate({ ...(data as Json) });
}
