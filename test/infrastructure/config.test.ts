import { expect } from 'chai';
import type { TSchema } from '@sinclair/typebox';
import { ConfigError, loadConfig, parseDuration } from '../../src/infrastructure/config.js';
import { Environment } from '../../src/infrastructure/environment.js';

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

  it('requires SECRETS_KEY in production; ADMIN_TOKEN is checked at start, against the staff ADMINs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).to.throw(ConfigError, 'SECRETS_KEY is required');
    const key = 'a'.repeat(64);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).adminToken).to.equal(null);
  });

  it('requires a one-time code of ADMINs in production unless STAFF_ADMIN_TOTP says otherwise', () => {
    const key = 'a'.repeat(64);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).adminTotpRequired).to.equal(true);
    expect(loadConfig({}).adminTotpRequired).to.equal(false);
    expect(loadConfig({ STAFF_ADMIN_TOTP: 'required' }).adminTotpRequired).to.equal(true);
    expect(
      loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key, STAFF_ADMIN_TOTP: 'optional' }).adminTotpRequired,
    ).to.equal(false);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/base/' }).publicOrigin).to.equal(
      'https://shop.example.com',
    );
  });

  it('reads a flag as true, 1 or yes and false, 0 or no, and a word of a list, in any case', () => {
    for (const [text, value] of [
      ['YES', true],
      ['1', true],
      ['True', true],
      ['no', false],
      ['0', false],
      ['FALSE', false],
    ]) {
      expect(
        loadConfig({ DATABASE_PREPARED_STATEMENTS: text as string }).databasePreparedStatements,
        text as string,
      ).to.equal(value);
    }
    expect(loadConfig({ LOG_LEVEL: 'DEBUG', METRICS_AUTH: 'None' })).to.include({
      logLevel: 'debug',
      metricsAuth: 'none',
    });
    expect(() => loadConfig({ WEBHOOK_ALLOW_HTTP: 'maybe' })).to.throw(
      ConfigError,
      'WEBHOOK_ALLOW_HTTP must be true or false (got "maybe")',
    );
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '  ', DATABASE_URL: '', LOG_LEVEL: ' ' })).to.include({
      port: 3000,
      databaseUrl: null,
      logLevel: 'info',
    });
  });

  it('names the value it got for a word outside its list', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).to.throw(
      ConfigError,
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    );
  });

  it('never repeats a secret or a URL in a message', () => {
    try {
      loadConfig({
        ADMIN_TOKEN: 'hunter2',
        SECRETS_KEY: 'hunter2-hunter2',
        DATABASE_URL: 'mysql://app:hunter2@db.internal/app',
        MONGODB_URL: 'redis://app:hunter2@cache',
      });
      expect.fail('expected a ConfigError');
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).to.contain('ADMIN_TOKEN must be at least 16 characters');
      expect(msg).to.contain('SECRETS_KEY must be 32 bytes, written as 64 hex characters or base64');
      expect(msg).to.contain('DATABASE_URL must be a URL with scheme postgres: or postgresql:');
      expect(msg).to.contain('MONGODB_URL must be a URL with scheme mongodb: or mongodb+srv:');
      expect(msg).to.not.contain('hunter2');
    }
  });

  it('takes SECRETS_KEY as 64 hex characters or the base64 of 32 bytes, and nothing else', () => {
    const key = Buffer.alloc(32, 7);
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      expect(loadConfig({ SECRETS_KEY: text }).secretsKey, text).to.deep.equal(key);
    }
    for (const text of [Buffer.alloc(48, 0xff).toString('base64'), Buffer.alloc(31).toString('hex'), 'g'.repeat(64)]) {
      expect(() => loadConfig({ SECRETS_KEY: text }), text).to.throw(ConfigError, 'SECRETS_KEY must be 32 bytes');
    }
  });

  it('describes every variable and checks each integer against its own range', () => {
    for (const [name, schema] of Object.entries(Environment.properties) as [string, TSchema][]) {
      expect(schema.description, name).to.be.a('string').that.is.not.empty;
      if (schema.type !== 'integer') continue;
      const above = String((schema.maximum as number) + 1);
      expect(() => loadConfig({ [name]: above }), name).to.throw(
        ConfigError,
        `${name} must be an integer from ${schema.minimum} to ${schema.maximum} (got "${above}")`,
      );
    }
  });

  it('reads the listen URL and the replicas, which need DATABASE_URL; a bad replica list names its rule, not the URLs', () => {
    const primary = 'postgres://app:pw@bouncer:6432/ib';
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_LISTEN_URL: 'postgres://app:pw@primary:5432/ib',
      DATABASE_REPLICA_URLS: ' postgres://app:pw@r1:5432/ib , postgresql://app:pw@r2/ib ',
    });
    expect(config.databaseListenUrl).to.equal('postgres://app:pw@primary:5432/ib');
    expect(config.databaseReplicaUrls).to.deep.equal(['postgres://app:pw@r1:5432/ib', 'postgresql://app:pw@r2/ib']);
    expect(config.databaseReplicaMaxLagMs).to.equal(5_000);
    expect(loadConfig({}).databaseReplicaUrls).to.deep.equal([]);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/ib' })).to.throw(
      ConfigError,
      'DATABASE_REPLICA_URLS needs DATABASE_URL',
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://app:secret@r1/ib,mysql://x' }))
      .to.throw(ConfigError, 'DATABASE_REPLICA_URLS must be comma-separated postgres:// URLs')
      .with.property('message')
      .that.does.not.include('secret');
  });
});
