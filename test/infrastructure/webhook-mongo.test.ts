import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { DISPATCH_JOB } from '../../src/adapters/webhooks/agenda-dispatcher.js';
import { loadConfig } from '../../src/infrastructure/config.js';
import { dispatcherOptions } from '../../src/infrastructure/container.js';
import { testDatabase } from '../support/database.js';
import { createIntegration, createTenantSetup } from '../support/mothers.js';
import { startTestService } from '../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../support/webhook-receiver.js';

const TEST_MONGODB_URL = process.env.TEST_MONGODB_URL?.trim() || null;

describe('Agenda job store selection', () => {
  it('keeps Agenda jobs in the PostgreSQL database by default and in MongoDB when MONGODB_URL is set', async () => {
    const database = await testDatabase();
    const pgStore = dispatcherOptions(loadConfig({}), database).store;
    expect(pgStore.kind).to.equal('postgres');
    // Agenda's own LISTEN on the listen connection, on a server only (the embedded database passes no notifications).
    if (pgStore.kind === 'postgres') {
      expect(pgStore.notifications).to.deep.equal(database.kind === 'server' ? database.listenConnection : null);
    }
    const mongo = dispatcherOptions(loadConfig({ MONGODB_URL: 'mongodb://db.internal:27017/agenda' }), database);
    expect(mongo.store).to.deep.equal({ kind: 'mongodb', url: 'mongodb://db.internal:27017/agenda' });
  });
});

describe('webhooks with Agenda on MongoDB (MONGODB_URL)', function () {
  before(function () {
    if (!TEST_MONGODB_URL) {
      console.log('      skipped: set TEST_MONGODB_URL to a throwaway MongoDB database to run it (no MongoDB here)');
      this.skip();
    }
  });

  it('delivers through Agenda jobs kept in MongoDB', async () => {
    const client = await MongoClient.connect(TEST_MONGODB_URL!);
    await client.db().collection('agendaJobs').deleteMany({});
    const receiver = await new WebhookReceiver().start();
    const svc = await startTestService({ mongodbUrl: TEST_MONGODB_URL }, { mode: 'all' });
    try {
      const setup = await createTenantSetup(svc.baseUrl);
      await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/mongo') });
      await emitEvents(svc.database.knex, [invoiceEvent(setup.tenantId, setup.branchId)]);
      await receiver.waitFor(() => receiver.received.length === 1, 15_000, 'the delivery');
      const jobs = await client.db().collection('agendaJobs').find({ name: DISPATCH_JOB }).toArray();
      expect(jobs.length, 'the recurring dispatch job lives in MongoDB').to.be.at.least(1);
      const pgJobs = await svc.database.knex('agenda_jobs').count({ n: '*' });
      expect(Number(pgJobs[0]?.n)).to.equal(0);
    } finally {
      await svc.stop();
      await receiver.stop();
      await client.close();
    }
  });
});
