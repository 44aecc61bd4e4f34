import { expect } from 'chai';
import pg from 'pg';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { NotificationListener } from '../../../src/adapters/webhooks/notification-listener.js';
import { TEST_DATABASE_URL } from '../../support/database.js';
import { until } from '../../support/processes.js';

/** The pino lines a listener logged, parsed. */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

describe('webhook notifications: the probe proves they arrive on the LISTEN connection', function () {
  let right: pg.Pool;
  let elsewhere: pg.Pool;
  let listener: NotificationListener | null = null;

  before(function () {
    if (!TEST_DATABASE_URL) {
      console.log('      skipped: notifications need a PostgreSQL server in TEST_DATABASE_URL');
      this.skip();
    }
    right = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    // NOTIFY reaches the listeners of its own database only: sent to another one, it is lost,
    // as it is when a LISTEN went through a pooler in transaction mode.
    const other = new URL(TEST_DATABASE_URL);
    other.pathname = '/postgres';
    elsewhere = new pg.Pool({ connectionString: other.href, max: 1 });
  });

  afterEach(async () => {
    await listener?.stop();
    listener = null;
  });

  after(async () => {
    await right?.end();
    await elsewhere?.end();
  });

  function listen(via: () => pg.Pool, onListening: (listening: boolean) => void, logger = pino({ enabled: false })) {
    listener = new NotificationListener(
      { connectionString: TEST_DATABASE_URL! },
      logger,
      () => undefined,
      onListening,
      async (payload) => {
        await via().query("SELECT pg_notify('webhooks', $1)", [payload]);
      },
      { everyMs: 150, timeoutMs: 400 },
    );
    return listener.start();
  }

  it('keeps listening while its probes come back, and tells the dispatcher nothing else', async () => {
    const told: boolean[] = [];
    const { logger, lines } = capturedLogger();
    await listen(
      () => right,
      (l) => told.push(l),
      logger,
    );
    // Several probe rounds (every 150 ms, each given 400 ms).
    await new Promise((r) => setTimeout(r, 1_200));
    expect(told).to.deep.equal([true]);
    expect(listener!.listening).to.equal(true);
    expect(lines.filter((l) => l.level >= 40)).to.deep.equal([]);
  });

  it('polls, and says why, when its probes do not come back; listens again once they do', async () => {
    const told: boolean[] = [];
    const { logger, lines } = capturedLogger();
    let via = elsewhere;
    await listen(
      () => via,
      (l) => told.push(l),
      logger,
    );
    await until(() => told.includes(false), 5_000, 'the dispatcher told to poll');
    expect(listener!.listening).to.equal(false);
    const warning = lines.find((l) => l.level === 40);
    expect(warning?.msg).to.match(/do not arrive on the LISTEN connection .*DATABASE_LISTEN_URL.*polling/);

    via = right;
    await until(() => told.at(-1) === true, 5_000, 'notifications flowing again');
    expect(listener!.listening).to.equal(true);
    expect(lines.some((l) => /arrive again/.test(l.msg))).to.equal(true);
  });
});
