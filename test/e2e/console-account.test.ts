import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, launchChromium, noFindings, watchPage } from '../support/console.js';
import { startTestService, type TestService } from '../support/service.js';
import { createStaff, PASSWORD, signIn, totpCode, withToken } from '../support/staff.js';

/** Screenshots of the pages, kept as test artifacts (dist/ is not committed). */
const ARTIFACTS =
  process.env.CONSOLE_ARTIFACTS ?? resolve(fileURLToPath(import.meta.url), '../../../dist/test-artifacts/console');

const NEW_PASSWORD = 'a much longer passphrase of mine';

describe('e2e: the console’s own account page: tokens, password, one-time codes (headless Chromium)', function () {
  this.timeout(600_000);
  let svc: TestService;
  let browser: Browser;
  const findings = noFindings();

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
      console.log(`      skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
      this.skip();
    }
    ensureConsoleBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    svc = await startTestService();
    for (const email of ['tokens@example.com', 'password@example.com', 'totp@example.com']) {
      await createStaff(svc.baseUrl, { email, role: 'VIEWER' });
    }
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  async function signedIn(email: string, password = PASSWORD): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchPage(page, svc.baseUrl, findings);
    await page.goto(`${svc.baseUrl}/console`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    return page;
  }

  async function account(page: Page): Promise<void> {
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'Personal access tokens' }).waitFor();
  }

  it('creates a personal access token, shows it once with a copy button, lists it, and revokes it', async () => {
    const page = await signedIn('tokens@example.com');
    await account(page);
    await page.getByLabel('Token name').fill('laptop CLI');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new personal access token' });
    const field = dialog.locator('[data-secret="Token"]');
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).to.match(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.getByRole('button', { name: 'Copy Token' }).count()).to.equal(1);
    // The token acts as its member.
    const asToken = withToken(svc.baseUrl, token);
    const mine = await asToken('GET', '/staff/me/tokens');
    expect(mine.status).to.equal(200);
    await page.screenshot({ path: join(ARTIFACTS, 'account-token.png') });

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const tokens = page.getByRole('table', { name: 'Your personal access tokens' });
    const row = tokens.getByRole('row').filter({ hasText: 'laptop CLI' });
    await row.getByRole('cell', { name: 'Active' }).waitFor();
    expect(await page.content(), 'the token is not on the page once closed').not.to.include(token);

    await row.getByRole('button', { name: 'Revoke laptop CLI' }).click();
    await row.getByRole('cell', { name: 'Revoked' }).waitFor();
    expect((await asToken('GET', '/staff/me/tokens')).status).to.equal(401);
    await page.screenshot({ path: join(ARTIFACTS, 'account.png'), fullPage: true });
    await page.context().close();
  });

  it('changes its own password: a wrong current one shows the API’s message; then signs in with the new one', async () => {
    const page = await signedIn('password@example.com');
    await account(page);
    const form = page.getByRole('region', { name: 'Password' });
    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await form.getByLabel(/^Repeat the new password/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'The current password is wrong' }).waitFor();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed. Your other sessions have ended.').waitFor();
    expect(await form.getByLabel('Current password').inputValue(), 'the fields are cleared').to.equal('');

    // Signing out, the old password no longer works and the new one does.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByLabel('Email').fill('password@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    await page.context().close();
  });

  it('sets up one-time codes: the secret and otpauth URI, a code from the app, the recovery codes once', async () => {
    const page = await signedIn('totp@example.com');
    await account(page);
    const section = page.getByRole('region', { name: 'One-time codes' });
    await section.getByRole('button', { name: 'Set up one-time codes' }).click();
    const secret = await section.locator('[data-secret="Secret"]').inputValue();
    expect(await section.locator('[data-secret="otpauth URI"]').inputValue()).to.match(/^otpauth:\/\/totp\//);
    await section.getByLabel('One-time code').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    const codes = (await dialog.locator('[data-secret="Recovery codes"]').inputValue()).split('\n');
    expect(codes).to.have.length(10);
    await page.screenshot({ path: join(ARTIFACTS, 'account-recovery-codes.png') });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await section.getByText('One-time codes are on.').waitFor();
    // Sign-in now asks for a code; a recovery code is accepted in its place.
    const withoutCode = await signIn(svc.baseUrl, 'totp@example.com');
    expect([withoutCode.response.status, withoutCode.response.body.code]).to.deep.equal([401, 'TOTP_REQUIRED']);
    expect((await signIn(svc.baseUrl, 'totp@example.com', PASSWORD, codes[0])).response.status).to.equal(200);
    await page.context().close();
  });

  it('no request left the service’s origin, no CSP violation, no page error', () => {
    expect(findings, 'requests elsewhere, CSP violations, page errors').to.deep.equal(noFindings());
  });
});
