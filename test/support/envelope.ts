import { expect } from 'chai';

/**
 * The v1 part of a response body. Checks the roadmap's additive fields on the way:
 * `metadata: { timestamp, requestId }` on every body and, on an error, the nested
 * `error: { code, message, details }` repeating the v1 fields. Tests that compare whole bodies
 * compare what this returns.
 */
export function v1(body: any): any {
  expect(body, 'a JSON object').to.be.an('object');
  const { metadata, error, ...rest } = body;
  expect(metadata, 'metadata').to.be.an('object');
  expect(Object.keys(metadata)).to.deep.equal(['timestamp', 'requestId']);
  expect(new Date(metadata.timestamp).toISOString()).to.equal(metadata.timestamp);
  expect(metadata.requestId).to.be.a('string').and.not.equal('');
  if (rest.success === false) {
    expect(error).to.deep.equal({ code: rest.code, message: rest.message, details: rest.details ?? [] });
  } else {
    expect(error, 'no nested error on a success').to.equal(undefined);
  }
  return rest;
}

/** `pagination` as the service sends it: v1's `{ total, page, limit }` plus `totalCount` and `totalPages`. */
export function pagination(total: number, page: number, limit: number) {
  return { total, page, limit, totalCount: total, totalPages: Math.ceil(total / limit) };
}
