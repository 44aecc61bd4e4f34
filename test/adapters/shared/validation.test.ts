import { expect } from 'chai';
import * as access from '../../../src/application/access/commands.js';
import * as billing from '../../../src/application/billing/commands.js';
import * as inventory from '../../../src/application/inventory/commands.js';
import * as logistics from '../../../src/application/logistics/commands.js';
import * as organization from '../../../src/application/organization/commands.js';
import { Name, Uuid } from '../../../src/application/shared/schemas.js';
import * as webhooks from '../../../src/application/webhooks/commands.js';
import { bodyValidator, normalisedBySchema, queryValidator } from '../../../src/adapters/shared/validation.js';
import { isUuid } from '../../../src/domain/shared/ids.js';

const C = '2c2c2c2c-2c2c-4c2c-8c2c-2c2c2c2c2c2c';
const P = '1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a1a';

describe('request validation: a UUID is lower-cased once, at the edge', () => {
  it('an upper-case UUID in a body comes out lower-case, in nested rows too', () => {
    const invoice = bodyValidator(billing.CreateInvoiceBody)({
      customerId: C.toUpperCase(),
      paymentMethod: 'CASH',
      items: [{ productId: P.toUpperCase(), quantity: 1, unitPrice: 1 }],
    });
    expect(invoice.customerId).to.equal(C);
    expect(invoice.items[0]!.productId).to.equal(P);
  });

  it('an upper-case UUID in a query comes out lower-case', () => {
    expect(queryValidator(access.ListIntegrationsQuery)({ tenantId: C.toUpperCase() })).to.deep.equal({ tenantId: C });
  });

  it('knows a UUID as the domain does (isUuid): a `urn:uuid:` prefix or a nil id is refused', () => {
    const warehouse = bodyValidator(organization.CreateWarehouseBody);
    for (const branchId of [`urn:uuid:${C}`, '00000000-0000-0000-0000-000000000000', `${C} `]) {
      expect(() => warehouse({ branchId, name: 'W' }), branchId).to.throw('branchId must be a UUID');
      expect(isUuid(branchId)).to.equal(false);
    }
  });

  it('leaves every other string as it was sent', () => {
    const created = bodyValidator(organization.CreateWarehouseBody)({ branchId: C.toUpperCase(), name: 'Main WH' });
    expect(created).to.deep.equal({ branchId: C, name: 'Main WH' });
  });

  it('normalisedBySchema spells a lone value as its schema keeps it (a path parameter)', () => {
    expect(normalisedBySchema(Uuid, C.toUpperCase())).to.equal(C);
    expect(normalisedBySchema(Name, 'Main WH')).to.equal('Main WH');
  });

  it('every UUID field of every request schema is the shared, lower-casing Uuid', () => {
    const uuids: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.format === 'uuid') {
        uuids.push(path);
        expect(schema['x-lowercase'], path).to.equal(true);
      }
      for (const [key, child] of Object.entries(schema)) walk(child, `${path}.${key}`);
    };
    const modules = { access, billing, inventory, logistics, organization, webhooks };
    for (const [context, exported] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exported)) walk(value, `${context}.${name}`);
    }
    expect(uuids.length).to.be.greaterThan(10);
  });
});
