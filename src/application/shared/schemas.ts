import { Type, type Static } from '@sinclair/typebox';

/**
 * Schema pieces every context's commands are built from (TypeBox: plain JSON Schema with a
 * static type). A context declares each input once in `src/application/<context>/commands.ts`;
 * the HTTP adapter and the CLI compile that one schema with ajv (src/adapters/shared/validation.ts),
 * the use case takes its `Static` type, and the OpenAPI document publishes it.
 *
 * `maxDecimals` and `x-message` are ajv keywords of this project (see validation.ts).
 */
export const Uuid = Type.String({ format: 'uuid' });
export const Name = Type.String({ minLength: 1, maxLength: 200 });
/** A price or amount: > 0, at most 2 decimals. */
export const Money = Type.Number({ exclusiveMinimum: 0, maxDecimals: 2 });
/** A quantity: > 0, at most 3 decimals. */
export const Quantity = Type.Number({ exclusiveMinimum: 0, maxDecimals: 3 });
export const Page = Type.Integer({ minimum: 1, default: 1 });
export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 10 });

/** `page` and `limit` of every list (CONTRACT §3): spread into a query schema's properties. */
export const PageQueryFields = { page: Page, limit: Limit };
export const PageQuery = Type.Object(PageQueryFields);
export type PageQuery = Static<typeof PageQuery>;
