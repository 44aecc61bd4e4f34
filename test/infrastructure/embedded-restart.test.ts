import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/infrastructure/config.js';
import { openDatabase } from '../../src/infrastructure/database.js';
import { withLocalSecrets } from '../../src/infrastructure/local-secrets.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import { startService } from '../../src/infrastructure/service.js';
import { call } from '../support/service.js';

describe('embedded database on disk', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ib-embedded-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data and the generated admin token across a restart, and refuses a second opener', async () => {
    const { config, adminTokenFromFile } = withLocalSecrets(loadConfig({ DATA_DIR: dir, PORT: '0' }));
    expect(adminTokenFromFile).to.equal(true);
    const logger = createLogger('silent');

    const first = await startService(config, logger, 'api');
    const url = `http://127.0.0.1:${first.port}`;
    const created = await call(url, 'POST', '/api/v1/admin/tenants', {
      token: config.adminToken!,
      body: { name: 'Kept' },
    });
    expect(created.status).to.equal(201);
    await expect(openDatabase({ url: null, dataDir: dir })).to.be.rejectedWith(/in use by process/);
    await first.stop();

    const again = withLocalSecrets(loadConfig({ DATA_DIR: dir, PORT: '0' }));
    expect(again.config.adminToken).to.equal(config.adminToken);
    const second = await startService(again.config, logger, 'api');
    try {
      const rows = await second.database.knex('tenants').select('name');
      expect(rows.map((r) => r.name)).to.deep.equal(['Kept']);
    } finally {
      await second.stop();
    }
  });
});
