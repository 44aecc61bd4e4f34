import { expect } from 'chai';
import { cliFor } from '../../support/cli.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: plans, usage and rate limits', () => {
  let svc: TestService;
  let cli: ReturnType<typeof cliFor>;
  before(async () => {
    svc = await startTestService();
    cli = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
  });

  const run = (...argv: string[]) => cli(...argv, '--json');

  it('sets a plan, reads a month of usage, and sets or clears an integration rate limit', async () => {
    const setup = await createTenantSetup(svc.baseUrl);
    const creds = await createIntegration(svc.baseUrl, setup);
    const plan = await run(
      'tenant:set-plan',
      '--tenant',
      setup.tenantId,
      '--tier',
      'T10K',
      '--overage-price',
      '0.002',
      '--overage-policy',
      'BLOCK',
    );
    expect(plan.code, plan.err).to.equal(0);
    expect(JSON.parse(plan.out)).to.include({ tier: 'T10K', included: 10000, overagePolicy: 'BLOCK' });

    const usage = await run('tenant:usage', '--tenant', setup.tenantId, '--month', '2026-01');
    expect(usage.code, usage.err).to.equal(0);
    expect(JSON.parse(usage.out)).to.include({ month: '2026-01', tier: 'T10K', used: 0, overageCharge: 0 });

    const bad = await run(
      'tenant:set-plan',
      '--tenant',
      setup.tenantId,
      '--tier',
      'HUGE',
      '--overage-price',
      '1',
      '--overage-policy',
      'BILL',
    );
    expect(bad.code, bad.err).to.be.oneOf([1, 2]);
    expect(bad.err).to.match(/tier/);

    const limited = await run('integration:update', '--id', creds.id, '--rate-limit-per-minute', '120');
    expect(JSON.parse(limited.out).rateLimitPerMinute).to.equal(120);
    const cleared = await run('integration:update', '--id', creds.id, '--rate-limit-per-minute', 'default');
    expect(JSON.parse(cleared.out).rateLimitPerMinute).to.equal(null);
  });
});
