import { expect } from 'chai';
import { ConfigError, loadConfig, parseDuration } from '../../src/infrastructure/config.js';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).to.include({
      port: 3000,
      databaseUrl: null,
      dataDir: './data',
      webhookTimeoutMs: 10_000,
      logLevel: 'info',
      bodyTimeoutMs: 5_000,
      headersTimeoutMs: 10_000,
    });
    expect(c.webhookRetrySchedule).to.deep.equal([60_000, 300_000, 900_000, 3_600_000, 21_600_000]);
    expect(c.trustProxy).to.equal(false);
  });

  it('parses durations', () => {
    expect(parseDuration('200ms')).to.equal(200);
    expect(parseDuration('6h')).to.equal(21_600_000);
    expect(parseDuration('1 minute')).to.equal(null);
  });

  it('reads the proxy list, booleans and a 64-hex secrets key', () => {
    const c = loadConfig({
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
      WEBHOOK_ALLOW_HTTP: 'true',
      SECRETS_KEY: 'ab'.repeat(32),
      WEBHOOK_RETRY_SCHEDULE: '200ms,1s',
    });
    expect(c.trustProxy).to.deep.equal(['10.0.0.1', '192.168.0.0/16']);
    expect(c.webhookAllowHttp).to.equal(true);
    expect(c.secretsKey?.length).to.equal(32);
    expect(c.webhookRetrySchedule).to.deep.equal([200, 1000]);
  });

  it('stops with one message naming every bad variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        WEBHOOK_RETRY_SCHEDULE: '1m,soon',
        SECRETS_KEY: 'short',
      });
      expect.fail('expected a ConfigError');
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).to.contain('PORT must be an integer');
      expect(msg).to.contain('DATABASE_URL must be a URL');
      expect(msg).to.contain('WEBHOOK_RETRY_SCHEDULE');
      expect(msg).to.contain('SECRETS_KEY must be 32 bytes');
    }
  });

  it('reads BODY_TIMEOUT_MS in milliseconds and refuses values out of range', () => {
    expect(loadConfig({ BODY_TIMEOUT_MS: '750' }).bodyTimeoutMs).to.equal(750);
    for (const bad of ['0', '99', '120001', '5s', '-1']) {
      expect(() => loadConfig({ BODY_TIMEOUT_MS: bad }), bad).to.throw(
        ConfigError,
        `BODY_TIMEOUT_MS must be an integer from 100 to 120000 (got "${bad}")`,
      );
    }
  });

  it('reads HEADERS_TIMEOUT_MS in milliseconds and refuses values out of range', () => {
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '2500' }).headersTimeoutMs).to.equal(2_500);
    for (const bad of ['0', '99', '120001', '10s']) {
      expect(() => loadConfig({ HEADERS_TIMEOUT_MS: bad }), bad).to.throw(
        ConfigError,
        `HEADERS_TIMEOUT_MS must be an integer from 100 to 120000 (got "${bad}")`,
      );
    }
  });

  it('requires ADMIN_TOKEN and SECRETS_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).to.throw(ConfigError, 'ADMIN_TOKEN is required');
  });
});
