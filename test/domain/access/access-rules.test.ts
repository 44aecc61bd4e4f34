import { expect } from 'chai';
import { Integration } from '../../../src/domain/access/integration.js';
import { canonicalIp, IpAllowList } from '../../../src/domain/access/ip-allow-list.js';
import { mayCall, ROLES } from '../../../src/domain/access/permissions.js';
import { isFreshTimestamp, isWellFormedNonce, signedBodyMembers } from '../../../src/domain/access/request-rules.js';
import { parseWebhookEvents, subscribes } from '../../../src/domain/access/webhook-events.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

describe('access rules', () => {
  describe('IP allow-list', () => {
    it('admits addresses and CIDR blocks, IPv4 and IPv6', () => {
      const list = IpAllowList.parse('203.0.113.7, 10.0.0.0/8, 2001:db8::/32');
      expect(list.allows('203.0.113.7')).to.equal(true);
      expect(list.allows('10.200.1.1')).to.equal(true);
      expect(list.allows('2001:db8::1')).to.equal(true);
      expect(list.allows('203.0.113.8')).to.equal(false);
      expect(list.allows('11.0.0.1')).to.equal(false);
      expect(list.allows('2001:db9::1')).to.equal(false);
    });

    it('treats an IPv4-mapped IPv6 address as its IPv4 address, both ways', () => {
      expect(IpAllowList.parse('127.0.0.1').allows('::ffff:127.0.0.1')).to.equal(true);
      expect(IpAllowList.parse('::ffff:10.0.0.0/104').allows('10.1.2.3')).to.equal(true);
      expect(canonicalIp('::ffff:192.0.2.1')).to.equal('192.0.2.1');
    });

    it('means no restriction when empty, and never admits garbage when restricted', () => {
      expect(IpAllowList.parse(null).allows('anything')).to.equal(true);
      expect(IpAllowList.parse('').restricted).to.equal(false);
      expect(IpAllowList.parse('10.0.0.1').allows('not-an-ip')).to.equal(false);
    });

    it('refuses entries that are not addresses, including odd IPv4 spellings', () => {
      for (const bad of ['10.0.0', '0x7f.0.0.1', '999.1.1.1', '10.0.0.0/33', 'localhost']) {
        expect(() => IpAllowList.parse(bad), bad).to.throw(ValidationError, 'allowedIps');
      }
    });
  });

  describe('webhook subscription filter', () => {
    it('null or omitted means all events; a list means those', () => {
      expect(parseWebhookEvents(undefined)).to.equal(null);
      expect(subscribes(null, 'billing.invoice.voided')).to.equal(true);
      const some = parseWebhookEvents('billing.invoice.created, inventory.adjustment.approved');
      expect(subscribes(some, 'billing.invoice.created')).to.equal(true);
      expect(subscribes(some, 'billing.invoice.voided')).to.equal(false);
    });

    it('refuses an unknown event name', () => {
      expect(() => parseWebhookEvents('billing.invoice.paid')).to.throw(ValidationError, 'not a supported event');
    });
  });

  describe('request rules', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    it('accepts timestamps within ±5 minutes only, as integers', () => {
      const t = now.getTime();
      expect(isFreshTimestamp(String(t - 299_000), now)).to.equal(true);
      expect(isFreshTimestamp(String(t + 299_000), now)).to.equal(true);
      expect(isFreshTimestamp(String(t - 301_000), now)).to.equal(false);
      expect(isFreshTimestamp(String(t + 301_000), now)).to.equal(false);
      expect(isFreshTimestamp(`${t}.5`, now)).to.equal(false);
      expect(isFreshTimestamp('1e12', now)).to.equal(false);
      expect(isFreshTimestamp(' ', now)).to.equal(false);
    });

    it('wants nonces of 8 to 128 safe characters', () => {
      expect(isWellFormedNonce('abcdEFGH_-12')).to.equal(true);
      expect(isWellFormedNonce('short')).to.equal(false);
      expect(isWellFormedNonce('x'.repeat(129))).to.equal(false);
      expect(isWellFormedNonce('has space 123')).to.equal(false);
    });

    it('signs every member of the body but its signature, keys in received order', () => {
      const members = signedBodyMembers({ b: 1, signature: 'x', a: 2, nonce: 'n', timestamp: 5 });
      expect(JSON.stringify(members)).to.equal('{"b":1,"a":2,"nonce":"n","timestamp":5}');
      expect(JSON.stringify(signedBodyMembers({ a: 2, b: 1 }))).to.equal('{"a":2,"b":1}');
    });
  });

  describe('roles × routes', () => {
    it('lets each role call its own routes only', () => {
      expect(mayCall('ADMIN', 'POST', ['billing'])).to.equal(true);
      expect(mayCall('INVENTORY', 'POST', ['inventory'])).to.equal(true);
      expect(mayCall('INVENTORY', 'GET', ['billing'])).to.equal(false);
      expect(mayCall('BILLING', 'PATCH', ['billing'])).to.equal(true);
      expect(mayCall('BILLING', 'PUT', ['inventory'])).to.equal(false);
      expect(mayCall('BILLING', 'POST', ['inventory', 'billing'])).to.equal(true);
      expect(mayCall('LOGISTICS', 'GET', ['any'])).to.equal(true);
      expect(mayCall('READ_ONLY', 'GET', ['billing'])).to.equal(true);
      expect(mayCall('READ_ONLY', 'POST', ['billing'])).to.equal(false);
      // A path no route serves: only ADMIN gets through (to its 404).
      for (const role of ROLES.filter((r) => r !== 'ADMIN')) expect(mayCall(role, 'DELETE', null)).to.equal(false);
      expect(mayCall('ADMIN', 'DELETE', null)).to.equal(true);
    });
  });

  describe('Integration', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    const base = {
      id: 'i1',
      tenantId: 't',
      branchId: 'b',
      fiscalYearId: 'f',
      role: 'BILLING' as const,
      clientName: 'Shop',
    };
    const gen = { clientId: 'ck_1', clientSecret: 'cs_1', webhookSecret: () => 'whsec_new' };

    it('generates a webhook secret only when a webhook URL is given', () => {
      expect(Integration.create(base, gen, now).webhookSecret).to.equal(null);
      expect(Integration.create({ ...base, webhookUrl: 'https://shop.example/hook' }, gen, now).webhookSecret).to.equal(
        'whsec_new',
      );
    });

    it('refuses a blank client name and a non-http(s), credentialed or fragment webhook URL', () => {
      expect(() => Integration.create({ ...base, clientName: '   ' }, gen, now)).to.throw(
        ValidationError,
        'clientName must be a non-empty string of at most 200 characters',
      );
      expect(() => Integration.create({ ...base, webhookUrl: 'ftp://x' }, gen, now)).to.throw(
        'webhookUrl must be an https URL',
      );
      expect(() => Integration.create({ ...base, webhookUrl: 'https://u:p@x.example/h' }, gen, now)).to.throw(
        'webhookUrl must not contain credentials',
      );
      expect(() => Integration.create({ ...base, webhookUrl: 'https://x.example/h#f' }, gen, now)).to.throw(
        'webhookUrl must not contain a fragment',
      );
      expect(() => Integration.create({ ...base, webhookUrl: 'not a url' }, gen, now)).to.throw(
        'webhookUrl must be a URL',
      );
    });

    it('clears its webhook URL and IP list on an empty value, keeping the issued secret', () => {
      const i = Integration.create({ ...base, webhookUrl: 'https://a.example/h', allowedIps: '10.0.0.0/8' }, gen, now);
      i.update({ webhookUrl: '', allowedIps: null, active: false }, () => 'unused', now);
      expect(i.webhookUrl).to.equal(null);
      expect(i.allowedIps.restricted).to.equal(false);
      expect(i.active).to.equal(false);
      expect(i.webhookSecret).to.equal('whsec_new');
    });

    it('refuses a rotation overlap beyond 30 days or negative', () => {
      const i = Integration.create(base, gen, now);
      expect(() => i.rotateClientSecret('cs_2', 30 * 86_400_000 + 1, now)).to.throw(
        'overlap must be between 0 and 30 days',
      );
      expect(() => i.rotateClientSecret('cs_2', -1, now)).to.throw('overlap must be between 0 and 30 days');
      expect(i.signingSecretsAt(now)).to.deep.equal(['cs_1']);
    });

    it('issues a webhook secret once when a URL is first set by an update', () => {
      const i = Integration.create(base, gen, now);
      expect(i.update({ webhookUrl: 'https://a.example/h' }, () => 'whsec_1', now)).to.deep.equal({
        webhookSecret: 'whsec_1',
      });
      expect(i.update({ webhookUrl: 'https://b.example/h' }, () => 'whsec_2', now)).to.deep.equal({});
      expect(i.webhookSecret).to.equal('whsec_1');
    });

    it('keeps a rotated-out secret valid for the overlap only', () => {
      const i = Integration.create(base, gen, now);
      i.rotateClientSecret('cs_2', 60_000, now);
      expect(i.signingSecretsAt(new Date(now.getTime() + 59_000))).to.deep.equal(['cs_2', 'cs_1']);
      expect(i.signingSecretsAt(new Date(now.getTime() + 60_000))).to.deep.equal(['cs_2']);
    });
  });
});
