import { expect } from 'chai';
import { Integration, secretsInForce } from '../../../src/domain/access/integration.js';
import { signatureHints, BODY_SIGNING_RULE } from '../../../src/domain/access/request-rules.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { WebhookNotConfigured } from '../../../src/domain/webhooks/errors.js';

const now = new Date('2026-03-01T12:00:00.000Z');
const DAY_MS = 86_400_000;

function integration(webhookUrl: string | null = 'https://shop.example/hooks'): Integration {
  return Integration.create(
    {
      id: '11111111-1111-4111-8111-111111111111',
      tenantId: '22222222-2222-4222-8222-222222222222',
      branchId: '33333333-3333-4333-8333-333333333333',
      fiscalYearId: '44444444-4444-4444-8444-444444444444',
      role: 'ADMIN',
      clientName: 'Shop',
      webhookUrl,
    },
    { clientId: 'ck_1', clientSecret: 'cs_1', webhookSecret: () => 'whsec_old' },
    now,
  );
}

const at = (ms: number) => new Date(now.getTime() + ms);

describe('webhook-secret rotation', () => {
  it('signs with the new secret first and the old one until the overlap ends, then with the new alone', () => {
    const i = integration();
    i.rotateWebhookSecret('whsec_new', 60_000, now);
    expect(i.webhookSecret).to.equal('whsec_new');
    expect(i.state().previousWebhookSecretExpiresAt).to.deep.equal(at(60_000));
    expect(i.webhookSecretsAt(at(59_999))).to.deep.equal(['whsec_new', 'whsec_old']);
    expect(i.webhookSecretsAt(at(60_000))).to.deep.equal(['whsec_new']);
  });

  it('keeps no previous secret with an overlap of 0, and drops an older one on a second rotation', () => {
    const i = integration();
    i.rotateWebhookSecret('whsec_2', 0, now);
    expect(i.webhookSecretsAt(now)).to.deep.equal(['whsec_2']);
    expect(i.state().previousWebhookSecretExpiresAt).to.equal(null);
    i.rotateWebhookSecret('whsec_3', DAY_MS, now);
    i.rotateWebhookSecret('whsec_4', DAY_MS, at(1_000));
    expect(i.webhookSecretsAt(at(2_000))).to.deep.equal(['whsec_4', 'whsec_3']);
  });

  it('refuses an integration without a webhook URL, and an overlap beyond 7 days or negative', () => {
    expect(() => integration(null).rotateWebhookSecret('whsec_new', DAY_MS, now)).to.throw(WebhookNotConfigured);
    const i = integration();
    for (const bad of [7 * DAY_MS + 1, -1, 1.5]) {
      expect(() => i.rotateWebhookSecret('whsec_new', bad, now), String(bad)).to.throw(
        ValidationError,
        'overlap must be between 0 and 7 days',
      );
    }
    expect(() => i.rotateWebhookSecret('whsec_new', 7 * DAY_MS, now)).to.not.throw();
  });

  it('states the one rule of secrets in force for client and webhook secrets alike', () => {
    expect(secretsInForce('a', 'b', at(1), now)).to.deep.equal(['a', 'b']);
    expect(secretsInForce('a', 'b', now, now)).to.deep.equal(['a']);
    expect(secretsInForce('a', null, null, now)).to.deep.equal(['a']);
    const i = integration();
    i.rotateClientSecret('cs_2', 1_000, now);
    expect(i.signingSecretsAt(at(999))).to.deep.equal(['cs_2', 'cs_1']);
    expect(i.signingSecretsAt(at(1_000))).to.deep.equal(['cs_2']);
  });
});

describe('the hint of a refused signature', () => {
  it('says how the service re-serialises the body, or how the request line is built', () => {
    expect(signatureHints('signature')).to.deep.equal([{ field: 'signature', issue: BODY_SIGNING_RULE }]);
    for (const words of [
      'shortest form',
      '100.0',
      'order received',
      '"/"',
      'every member but signature',
      '--explain',
    ]) {
      expect(BODY_SIGNING_RULE).to.contain(words);
    }
    const [line] = signatureHints('x-signature');
    expect(line!.field).to.equal('x-signature');
    expect(line!.issue).to.contain('<METHOD>\\n<path and query exactly as sent');
  });
});
