import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InvoiceData } from '../../src/adapters/shared/responses/billing.js';
import { CreateInvoiceBody, ListInvoicesQuery } from '../../src/application/billing/commands.js';
import { GENERATED_DIR, generateSdk, REGENERATE } from '../../src/infrastructure/sdk-codegen/generate.js';
import type { SdkRoute } from '../../src/infrastructure/sdk-codegen/group-writer.js';

function committedFiles(): Map<string, string> {
  return new Map(
    readdirSync(GENERATED_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(GENERATED_DIR, path), readFileSync(path, 'utf8')];
      }),
  );
}

const route = (fields: Partial<SdkRoute>): SdkRoute => ({
  method: 'get',
  path: '/things',
  operationId: 'listThings',
  summary: 'Things',
  tag: 'Billing',
  success: { status: 200, data: InvoiceData },
  ...fields,
});

/** Code without whitespace or trailing commas: what it says, however the formatter laid it out. */
const flat = (code: string) => code.replace(/,(\s*[)\]}>])/g, '$1').replace(/\s+/g, '');

/** One generated file of `routes`, to check what its code says. */
async function generated(routes: SdkRoute[], name: string) {
  const file = (await generateSdk(routes)).find((f) => f.name === name);
  if (!file) throw new Error(`${name} was not generated`);
  return { says: (code: string) => expect(flat(file.text), `${name} says ${code}`).to.contain(flat(code)) };
}

describe('SDK code generation (npm run sdk:generate)', function () {
  this.timeout(60_000);

  it('the committed packages/sdk/src/generated/ is what the route declarations generate', async () => {
    const files = await generateSdk();
    const committed = committedFiles();
    const stale = [
      ...files.filter((f) => committed.get(f.name) !== f.text).map((f) => f.name),
      ...[...committed.keys()].filter((name) => !files.some((f) => f.name === name)),
    ];
    expect(stale, `generated files out of date: run \`${REGENERATE}\` and commit the result`).to.deep.equal([]);
  });

  it('names types after their exports, and writes the signature of each kind of route', async () => {
    const billing = await generated(
      [
        route({ method: 'post', path: '/things/:id/void', operationId: 'voidThing' }),
        route({ method: 'post', path: '/things', operationId: 'createThing', body: CreateInvoiceBody }),
        route({ query: ListInvoicesQuery, success: { status: 200, data: InvoiceData, paginated: true } }),
      ],
      'billing.ts',
    );
    billing.says(`voidThing(thingId: string, options?: RequestOptions): Promise<Invoice> {
      return this.transport.send<Invoice>('POST', \`/things/\${encodeURIComponent(thingId)}/void\`, { body: {} }, options);`);
    billing.says(`createThing(body: CreateInvoiceBody, options?: RequestOptions): Promise<Invoice> {
      return this.transport.send<Invoice>('POST', '/things', { body }, options);`);
    billing.says(`listThings(query: ListInvoicesQuery = {}, options?: RequestOptions): Promise<PageOf<Invoice>> {
      return this.transport.sendPage<Invoice>('/things', { ...query }, options);`);
  });

  it('names an unexported schema after its operationId, and keeps a query with a required field required', async () => {
    const routes = [
      route({
        method: 'put',
        path: '/things/:thingId/parts/:id',
        operationId: 'fitPart',
        body: Type.Object({ size: Type.Integer() }),
        query: Type.Object({ force: Type.Boolean(), page: Type.Integer({ default: 1 }) }),
        success: { status: 200, data: Type.Object({ fitted: Type.Boolean() }) },
      }),
    ];
    (await generated(routes, 'billing.ts')).says(
      `fitPart(thingId: string, partId: string, body: FitPartBody, query: FitPartQuery, options?: RequestOptions): Promise<FitPartResult> {
        return this.transport.send<FitPartResult>('PUT',
          \`/things/\${encodeURIComponent(thingId)}/parts/\${encodeURIComponent(partId)}\`, { body, query: { ...query } }, options);`,
    );
    (await generated(routes, 'requests.ts')).says('export interface FitPartQuery { force: boolean; page?: number; }');
    (await generated(routes, 'responses/billing.ts')).says('export interface FitPartResult { fitted: boolean; }');
  });

  it('stops on a tag that has no SDK group', async () => {
    const failure = await generateSdk([route({ tag: 'Warehouse robots' })]).then(
      () => null,
      (err: Error) => err,
    );
    expect(failure?.message).to.contain("tag 'Warehouse robots'").and.contain('GROUP_OF_TAG');
  });
});
