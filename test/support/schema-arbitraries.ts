import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { isCountryCode } from '../../src/adapters/shared/country-codes.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * fast-check arbitraries for the values a published JSON Schema (the OpenAPI document's request
 * schemas) calls valid, read from the schema alone: types, enums, formats, patterns, lengths,
 * bounds and `x-maxDecimals`. Every value drawn is checked against the schema by a plain
 * JSON Schema 2020-12 validator (not the service's), so "valid" means what the document says.
 */

type Json = Record<string, any>;

/** A validator that knows only what the document publishes (its formats; `x-` keywords are ignored). */
export const documentAjv = new Ajv2020({ strict: false, allErrors: false });
addFormats(documentAjv);
documentAjv.addFormat('iso3166-alpha2', { type: 'string', validate: isCountryCode });

const compiled = new WeakMap<object, ValidateFunction>();
export function documentValid(schema: Json, value: unknown): boolean {
  let v = compiled.get(schema);
  if (!v) {
    v = documentAjv.compile(schema);
    compiled.set(schema, v);
  }
  return v(value);
}

/** Ids to draw for a uuid field, by its name (`productId`); absent: random UUIDs. */
export type IdPools = Record<string, string[]>;

export interface DrawOptions {
  ids: IdPools;
  /** Pin one leaf (by path, `items.0.quantity`) to a value. */
  pinned?: { path: string; value: unknown };
}

/** Patterns that only say "not blank" or "not year 0000": free text, drawn as such and filtered. */
const FILTER_ONLY = new Set(['\\S', '^(?!0000)']);

function patternsOf(schema: Json): string[] {
  return [schema.pattern, ...((schema.allOf as Json[] | undefined) ?? []).map((s) => s.pattern)].filter(
    (p): p is string => typeof p === 'string',
  );
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const dates = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T00:00:00Z'),
  noInvalidDate: true,
});

function stringArbitrary(schema: Json, name: string, options: DrawOptions): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength: number = Math.min(schema.maxLength ?? 64, 64);
  let base: fc.Arbitrary<string>;
  switch (schema.format) {
    case 'uuid': {
      const pool = options.ids[name];
      base =
        pool && pool.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 5 }, fc.uuid()) : fc.uuid();
      break;
    }
    case 'date':
      base = dates.map(isoDate);
      break;
    case 'date-time':
      base = dates.map((d) => d.toISOString());
      break;
    case 'email':
      base = fc.emailAddress();
      break;
    case 'iso3166-alpha2':
      base = fc.constantFrom('DE', 'US', 'FR', 'JP', 'BR', 'NG', 'XK');
      break;
    case 'uri':
      base = fc.webUrl();
      break;
    default: {
      const specific = patternsOf(schema).filter((p) => !FILTER_ONLY.has(p) && !p.startsWith('^[^'));
      // fast-check draws no lookahead: `^(?=X$)…` is drawn from `^X$` and filtered by the whole.
      const drawable = specific.map((p) => p.replace(/^\^\(\?=(.*)\$\).*$/, '^$1$'));
      base =
        drawable.length > 0
          ? fc.stringMatching(new RegExp(drawable[0]!, 'u'))
          : fc.oneof(
              fc.string({ unit: 'grapheme', minLength, maxLength }),
              fc.string({ unit: 'binary', minLength, maxLength }),
              // the longest the schema allows
              fc.constant('x'.repeat(schema.maxLength ?? minLength)),
            );
    }
  }
  return base.filter((s) => documentValid(schema, s));
}

function numberArbitrary(schema: Json, integer: boolean): fc.Arbitrary<number> {
  const decimals: number = integer ? 0 : (schema['x-maxDecimals'] ?? 6);
  const scale = 10 ** decimals;
  const lowest = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : (schema.minimum ?? -1e9);
  const highest = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum : (schema.maximum ?? 1e9);
  const min = Math.ceil(lowest * scale) + (schema.exclusiveMinimum !== undefined ? 1 : 0);
  const max = Math.floor(highest * scale) - (schema.exclusiveMaximum !== undefined ? 1 : 0);
  const scaled = fc.oneof(
    fc.constantFrom(min, max),
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
    fc.double({ min, max, noNaN: true }).map(Math.round),
  );
  return scaled.map((n) => Number((n / scale).toFixed(decimals))).filter((n) => documentValid(schema, n));
}

/** An arbitrary of the values `schema` calls valid. `path` names the leaf being drawn (for pinning). */
export function valueOf(schema: Json, options: DrawOptions, path = '', name = ''): fc.Arbitrary<unknown> {
  if (options.pinned && options.pinned.path === path) return fc.constant(options.pinned.value);
  if (typeof schema !== 'object' || schema === null) return fc.constant('x');
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf) && schema.type !== 'object') {
    const { anyOf, ...rest } = schema;
    return fc.oneof(...(anyOf as Json[]).map((branch) => valueOf({ ...rest, ...branch }, options, path, name)));
  }
  const types = ([] as unknown[]).concat(schema.type);
  if (types.length > 1) {
    return fc.oneof(...types.map((t) => valueOf({ ...schema, type: t }, options, path, name)));
  }
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema, name, options);
    case 'array': {
      // Row 0 is the one a pinned path (`items.0.quantity`) names.
      const first = valueOf(schema.items as Json, options, at('0'), name);
      const rest = valueOf(schema.items as Json, { ids: options.ids }, at('n'), name);
      const more = fc.array(rest, { maxLength: Math.max(0, Math.min(schema.maxItems ?? 3, 3) - 1) });
      return fc.tuple(first, more).map(([a, others]) => [a, ...others]);
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = valueOf(child, options, at(key), key);
      const required = new Set<string>(schema.required ?? []);
      const pinnedHere = options.pinned?.path.startsWith(`${path === '' ? '' : `${path}.`}`)
        ? options.pinned.path.slice(path === '' ? 0 : path.length + 1).split('.')[0]
        : undefined;
      if (pinnedHere !== undefined) required.add(pinnedHere);
      const drawn = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      // The object's own rules beyond its fields (`anyOf` of required ones) decide too, unless a
      // pinned leaf inside it is meant to break them.
      return pinnedHere === undefined ? drawn.filter((value) => documentValid(schema, value)) : drawn;
    }
    default:
      return fc.constant('x');
  }
}

/** Every leaf of a schema's objects and arrays (`items.0.quantity`), with its schema. */
export function leavesOf(schema: Json, path = ''): { path: string; schema: Json }[] {
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  const types = ([] as unknown[]).concat(schema.type);
  if (types.includes('object') && schema.properties) {
    return Object.entries(schema.properties as Record<string, Json>).flatMap(([k, s]) =>
      s === (true as unknown) ? [] : leavesOf(s, at(k)),
    );
  }
  if (types.includes('array') && schema.items) return leavesOf(schema.items as Json, at('0'));
  return [{ path, schema }];
}

/** Sets `value` at `path` (`items.0.quantity`) in a copy of `body`. */
export function withValueAt(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Json;
  const keys = path.split('.');
  let node: Json = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Json;
  node[keys.at(-1)!] = value;
  return copy;
}

/** The value at `path` in `data`, or undefined. */
export function valueAt(data: unknown, path: string): unknown {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Json)[key];
  }
  return node;
}
