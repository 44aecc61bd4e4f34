import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/infrastructure/config.js';
import { freePort } from '../support/processes.js';
import { call, startTestService } from '../support/service.js';

describe('metrics settings', () => {
  it('validates METRICS_AUTH and METRICS_PORT', () => {
    expect(loadConfig({})).to.include({ metricsAuth: 'admin', metricsPort: null });
    expect(loadConfig({ METRICS_AUTH: 'none', METRICS_PORT: '9464' })).to.include({
      metricsAuth: 'none',
      metricsPort: 9464,
    });
    expect(() => loadConfig({ METRICS_AUTH: 'basic' })).to.throw(ConfigError, 'METRICS_AUTH must be admin or none');
    expect(() => loadConfig({ METRICS_PORT: 'x' })).to.throw(ConfigError, 'METRICS_PORT must be an integer');
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).to.throw(ConfigError, 'METRICS_PORT must differ');
  });

  it('METRICS_AUTH=none opens /metrics on the API port; METRICS_PORT moves it to its own port', async () => {
    const open = await startTestService({ metricsAuth: 'none' });
    try {
      const r = await fetch(`${open.baseUrl}/metrics`);
      expect(r.status).to.equal(200);
      expect(await r.text()).to.contain('# TYPE http_request_duration_seconds histogram');
    } finally {
      await open.stop();
    }
    const metricsPort = await freePort();
    const separate = await startTestService({ metricsPort });
    try {
      expect((await call(separate.baseUrl, 'GET', '/metrics')).status).to.equal(404);
      const r = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(r.status).to.equal(200);
      expect(await r.text()).to.contain('webhook_queue_depth');
    } finally {
      await separate.stop();
    }
  });
});
