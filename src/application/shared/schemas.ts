import { Type, type Static } from '@sinclair/typebox';
import { MAX_AMOUNT } from '../../domain/billing/invoice-amounts.js';
import { MAX_QUANTITY } from '../../domain/billing/invoice-line.js';
import { MAX_TAX_RATE, TAX_RATE_RULE } from '../../domain/shared/tax-rate.js';
import { MAX_PAGE } from '../ports/pagination.js';

/**
 * Schema pieces every context's commands are built from (TypeBox: plain JSON Schema with a
 * static type). A context declares each input once in `src/application/<context>/commands.ts`;
 * the HTTP adapter and the CLI compile that one schema with ajv (src/adapters/shared/validation.ts),
 * the use case takes its `Static` type, and the OpenAPI document publishes it.
 *
 * `maxDecimals`, `x-message` and `x-lowercase` are ajv keywords of this project (see validation.ts).
 */
/**
 * An id: a UUID in any case, lower-cased once validated (`x-lowercase`), so use cases and
 * aggregates compare it with stored ids as it is.
 */
export const Uuid = Type.String({ format: 'uuid', 'x-lowercase': true });
/**
 * Text of 1 to `maxLength` characters, not only blanks (`\S`). Without `message` a blank one is
 * refused as "<field> should not be empty"; with it, every problem of the field is worded so.
 */
export function Text(maxLength: number, message?: string) {
  const worded = message === undefined ? {} : { 'x-message': message };
  return Type.String({ minLength: 1, maxLength, pattern: '\\S', ...worded });
}
/** One of `values`, as a plain JSON Schema enum (one error, listing the values). */
export function OneOf<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}
/** A name: 1 to 200 characters, not only blanks. */
export const Name = Text(200);
/** A price or amount: > 0, at most 2 decimals, no more than its numeric(14,2) column holds. */
export const Money = Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT.toNumber(), maxDecimals: 2 });
/** A unit price or unit cost: like `Money`, but 0 is allowed (a free line). */
export const UnitPrice = Type.Number({ minimum: 0, maximum: MAX_AMOUNT.toNumber(), maxDecimals: 2 });
/** A tax rate: a percentage from 0 to 100 with at most 2 decimals (a product's, an invoice item's). */
export const TaxRate = Type.Number({ minimum: 0, maximum: MAX_TAX_RATE, maxDecimals: 2, 'x-message': TAX_RATE_RULE });
/** A quantity: > 0, at most 3 decimals, no more than its numeric(14,3) column holds. */
export const Quantity = Type.Number({ exclusiveMinimum: 0, maximum: MAX_QUANTITY.toNumber(), maxDecimals: 3 });
/**
 * A calendar date `YYYY-MM-DD` (ajv's `date` format refuses `2026-02-30`). Year 0000 (1 BC)
 * passes the format but is no PostgreSQL date, so the pattern refuses it.
 */
export const CalendarDate = (field: string) =>
  Type.String({
    format: 'date',
    pattern: '^(?!0000)',
    'x-message': `${field} must be a date in the form YYYY-MM-DD`,
  });
/**
 * An instant in ISO 8601 with its offset (`2026-11-27T10:00:00Z`), as a list's `from` or `to`.
 * A leap second (`23:59:60`) passes ajv's format but is no JavaScript date, so the pattern
 * refuses it.
 */
export const DateTime = (field: string) =>
  Type.String({
    format: 'date-time',
    pattern: '^(?!.{11}[0-9]{2}:[0-9]{2}:60)',
    'x-message': `${field} must be a date-time such as 2026-11-27T10:00:00Z`,
  });
/** A list's search term (a substring of names, SKUs or contact fields): at most 100 characters. */
export const SearchTerm = Type.String({ maxLength: 100 });
/** Bounded so that (page - 1) × limit can never overflow an OFFSET. */
export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });
export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 10 });

/**
 * Options of an object schema that must hold at least one of `names` (`{ ...AtLeastOneOf(['name',
 * 'price']) }`): an `anyOf` of one `required` each, which states the rule in the published
 * document even where other fields are added to the body (the external API's signature fields).
 */
export function AtLeastOneOf(names: readonly string[]) {
  return { anyOf: names.map((name) => ({ required: [name], properties: { [name]: true } })) };
}

/** `page` and `limit` of every list: spread into a query schema's properties. */
export const PageQueryFields = { page: Page, limit: Limit };
export const PageQuery = Type.Object(PageQueryFields);
export type PageQuery = Static<typeof PageQuery>;

/** The longest window of daily figures (the charts show 30 days by default). */
export const MAX_DAYS = 90;
/** `?days=`: how many UTC days up to today a chart's figures cover. */
export const DailyQuery = Type.Object({ days: Type.Integer({ minimum: 1, maximum: MAX_DAYS, default: 30 }) });
export type DailyQuery = Static<typeof DailyQuery>;
