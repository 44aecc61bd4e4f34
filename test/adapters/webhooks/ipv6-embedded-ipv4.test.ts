import { expect } from 'chai';
import { ResolvingWebhookTargetPolicy } from '../../../src/adapters/security/webhook-target-policy.js';
import { publicAddressesOnly } from '../../../src/adapters/webhooks/address-guard.js';
import { UndiciWebhookSender } from '../../../src/adapters/webhooks/undici-sender.js';
import { describeRefusal, judgeAddress } from '../../../src/domain/webhooks/target-address.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

/**
 * Every IPv6 form that carries an IPv4 address is judged by the IPv4 address it carries, at
 * registration (the URL check) and at delivery (the sender's connector): one table, three
 * places it must hold.
 */
const TABLE: { written: string; form: string; carried: string; range: string }[] = [
  // IPv4-compatible ::/96 (deprecated, still parsed and routed by some stacks)
  { written: '::127.0.0.1', form: 'IPv4-compatible', carried: '127.0.0.1', range: 'loopback' },
  { written: '0:0:0:0:0:0:7f00:1', form: 'IPv4-compatible', carried: '127.0.0.1', range: 'loopback' },
  { written: '::7f00:1', form: 'IPv4-compatible', carried: '127.0.0.1', range: 'loopback' },
  { written: '::a9fe:a9fe', form: 'IPv4-compatible', carried: '169.254.169.254', range: 'linkLocal' },
  { written: '::10.0.0.1', form: 'IPv4-compatible', carried: '10.0.0.1', range: 'private' },
  { written: '::808:808', form: 'IPv4-compatible', carried: '8.8.8.8', range: 'unicast' },
  // IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96
  { written: '::ffff:127.0.0.1', form: 'IPv4-mapped', carried: '127.0.0.1', range: 'loopback' },
  { written: '::ffff:c0a8:101', form: 'IPv4-mapped', carried: '192.168.1.1', range: 'private' },
  { written: '::ffff:5db8:d822', form: 'IPv4-mapped', carried: '93.184.216.34', range: 'unicast' },
  { written: '::ffff:0:7f00:1', form: 'IPv4-translated', carried: '127.0.0.1', range: 'loopback' },
  // NAT64 well-known prefix 64:ff9b::/96
  { written: '64:ff9b::7f00:1', form: 'NAT64', carried: '127.0.0.1', range: 'loopback' },
  { written: '64:ff9b::10.1.2.3', form: 'NAT64', carried: '10.1.2.3', range: 'private' },
  { written: '64:ff9b::a9fe:a9fe', form: 'NAT64', carried: '169.254.169.254', range: 'linkLocal' },
  { written: '64:ff9b::5db8:d822', form: 'NAT64', carried: '93.184.216.34', range: 'unicast' },
  // 6to4 2002::/16: the IPv4 address is bits 16..47
  { written: '2002:7f00:1::', form: '6to4', carried: '127.0.0.1', range: 'loopback' },
  { written: '2002:a00:1::1', form: '6to4', carried: '10.0.0.1', range: 'private' },
  { written: '2002:6440:1::1', form: '6to4', carried: '100.64.0.1', range: 'carrierGradeNat' },
  { written: '2002:5db8:d822::1', form: '6to4', carried: '93.184.216.34', range: 'unicast' },
  // Teredo 2001::/32: server in bits 32..63, client inverted in the last 32 bits
  { written: '2001:0:5db8:d822::80ff:fffe', form: 'Teredo client', carried: '127.0.0.1', range: 'loopback' },
  { written: '2001:0:5db8:d822::f5ff:fffe', form: 'Teredo client', carried: '10.0.0.1', range: 'private' },
  { written: '2001:0:a00:1::a247:27dd', form: 'Teredo server', carried: '10.0.0.1', range: 'private' },
  { written: '2001:0:5db8:d822::a247:27dd', form: 'Teredo', carried: '93.184.216.34', range: 'unicast' },
];

describe('webhook targets: IPv6 forms that embed an IPv4 address', () => {
  describe('the verdict (domain)', () => {
    for (const row of TABLE) {
      const allowed = row.range === 'unicast';
      it(`${allowed ? 'allows' : 'refuses'} ${row.written} (${row.form} of ${row.carried}: ${row.range})`, () => {
        const verdict = judgeAddress(row.written)!;
        expect(verdict).to.include({ allowed, range: row.range, address: row.carried });
        if (!allowed) expect(describeRefusal(verdict)).to.match(new RegExp(`^${row.carried.replace(/\./g, '\\.')}`));
        expect(publicAddressesOnly(row.written) === null).to.equal(allowed);
      });
    }

    it('keeps :: and ::1 as IPv6 unspecified and loopback, and other NAT64 prefixes refused', () => {
      expect(judgeAddress('::1')).to.include({ allowed: false, range: 'loopback', address: '::1' });
      expect(judgeAddress('::')).to.include({ allowed: false, range: 'unspecified', address: '::' });
      expect(judgeAddress('64:ff9b:1::5db8:d822')).to.include({ allowed: false });
    });

    it('names the IPv6 address the IPv4 address was found in', () => {
      expect(describeRefusal(judgeAddress('::7f00:1')!)).to.equal(
        '127.0.0.1 (embedded in ::7f00:1) is a loopback address',
      );
    });
  });

  describe('at registration (the URL check, private targets not allowed)', () => {
    const policy = new ResolvingWebhookTargetPolicy({
      allowHttp: true,
      allowPrivate: false,
      resolve: async () => {
        throw new Error('an IP literal is never resolved');
      },
    });
    for (const row of TABLE) {
      const url = `http://[${row.written}]/hook`;
      if (row.range === 'unicast') {
        it(`accepts ${url}`, async () => {
          await policy.assertAllowed(url);
        });
      } else {
        it(`refuses ${url}`, async () => {
          await expect(policy.assertAllowed(url)).to.be.rejectedWith(
            new RegExp(`must not point to a private.*${row.carried.replace(/\./g, '\\.')}`),
          );
        });
      }
    }
  });

  describe('at delivery (the sender refuses before connecting)', () => {
    let receiver: WebhookReceiver;
    const sender = new UndiciWebhookSender({ timeoutMs: 2_000, allowHttp: true, allowPrivate: false });
    before(async () => {
      receiver = await new WebhookReceiver().start();
    });
    after(async () => {
      await sender.close();
      await receiver.stop();
    });

    it('refuses every non-public embedded address at once, and nothing reaches the local receiver', async () => {
      const refused = TABLE.filter((r) => r.range !== 'unicast');
      const message = { deliveryId: '5f1d3c1e-2b0a-4c7b-9b1e-3c1b2a0f9d12', eventName: 'webhook.ping', payload: '{}' };
      for (const row of refused) {
        const url = `http://[${row.written}]:${receiver.port}/hook`;
        const outcome = await sender.send({ url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, message);
        expect(outcome.ok, url).to.equal(false);
        if (!outcome.ok) expect(outcome.error, url).to.match(new RegExp(`^Refused target: ${row.carried}`));
        expect(outcome.durationMs, url).to.be.below(1_000);
      }
      expect(receiver.received).to.have.length(0);
    });
  });
});
