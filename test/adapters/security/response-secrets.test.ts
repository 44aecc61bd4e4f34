import { expect } from 'chai';
import { documentedOperations } from '../../../src/adapters/http/openapi/document.js';

/** Every property name a schema can answer, at any depth. */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, out));
  else if (schema !== null && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    if (node.properties && typeof node.properties === 'object') {
      for (const name of Object.keys(node.properties)) out.add(name);
    }
    for (const value of Object.values(node)) propertyNames(value, out);
  }
  return out;
}

/**
 * A secret is answered once, by the route that issued it, and never read
 * again. The response schemas are closed (`additionalProperties: false`) and every e2e answer
 * is validated against them, so what they allow is what the service can send.
 */
describe('Response schemas: secrets only in the answers that issue them', () => {
  const ISSUERS: Record<string, string[]> = {
    adminCreateIntegration: ['clientSecret', 'webhookSecret'],
    adminUpdateIntegration: ['webhookSecret'],
    adminRotateClientSecret: ['clientSecret'],
    adminIssueApiKey: ['apiKey'],
    adminRotateWebhookSecret: ['webhookSecret'],
    adminStartTotp: ['secret'],
    adminConfirmTotp: ['recoveryCodes'],
    adminCreateAccessToken: ['token'],
    // The audit chain's own hash of each entry: public by design, it is what verification checks.
    adminListAudit: ['hash'],
  };

  it('no other documented answer can carry a secret, API key, access token, recovery code or password', () => {
    const operations = documentedOperations();
    expect(operations.map((o) => o.route.operationId)).to.include.members(Object.keys(ISSUERS));
    for (const { route } of operations) {
      const secrets = [...propertyNames(route.success.data)]
        .filter((n) => /secret$|^apikey$|hash$|^token$|^recoverycodes$|password/i.test(n))
        .sort();
      expect(secrets, route.operationId).to.deep.equal(ISSUERS[route.operationId] ?? []);
    }
  });
});
