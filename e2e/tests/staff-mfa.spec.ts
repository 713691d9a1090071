import { generate } from 'otplib';
import { createStaff, DEV_ADMIN, expect, sessionFor, test } from './admin-fixtures.js';
import type { Page } from '@playwright/test';

/** TOTP's time step (RFC 6238 as authenticator apps use it): 30 seconds. */
const STEP_SECONDS = 30;
const stepAt = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);

/**
 * The code an authenticator app shows, and the time step it belongs to. The server takes each step's code
 * once, and the next step's too (a phone's clock a little ahead): after a step already used, the code of
 * the step after it, rather than waiting up to 30 seconds for the clock to reach it.
 */
async function appCode(secret: string, usedStep = -1): Promise<{ code: string; step: number }> {
  const step = Math.max(stepAt(Date.now()), usedStep + 1);
  return { code: await generate({ secret, epoch: step * STEP_SECONDS }), step };
}

async function signInWithPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectSignedInAs(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText(username);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Signed-in user' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test.describe('staff two-factor authentication', () => {
  // Signed out: the journey signs its own staff member in. The shared admin session is borrowed only to
  // reset, and never signed out (that would end it for every other journey).
  test.use({ role: null });

  test('a staff member enrols, signs in with an app code and with a recovery code, and an admin resets it', async ({
    page,
    request,
  }) => {
    const username = `e2e-mfa-${Date.now().toString(36)}`;
    const password = 'two-factor journey passphrase 7';
    await createStaff(request, sessionFor('admin'), { username, password, role: 'support' });
    const me = (token: string | null) =>
      request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } });

    // Enrolment: the secret as text, a first code, the recovery codes once; still signed in afterwards.
    await signInWithPassword(page, username, password);
    await expectSignedInAs(page, username);
    const firstToken = await page.evaluate(() => localStorage.getItem('admin.token'));
    await page.getByRole('link', { name: 'Two-factor authentication' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByLabel('Setup key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Invalid code')).toBeVisible();

    const enrolment = await appCode(secret);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(enrolment.code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(new Set(recoveryCodes).size).toBe(10);

    // Confirming ended the session that asked; the page carries on with the token the server answered.
    const freshToken = await page.evaluate(() => localStorage.getItem('admin.token'));
    expect(freshToken).not.toBe(firstToken);
    expect((await me(firstToken)).status()).toBe(401);
    const meNow = await me(freshToken);
    expect(meNow.status()).toBe(200);
    expect(await meNow.json()).toMatchObject({ username, mfaEnabled: true, mfaEnrolmentRequired: false });
    await page.getByRole('button', { name: 'Done' }).click();
    await expectSignedInAs(page, username);
    await expect(list).toHaveCount(0);
    await signOut(page);

    // The password, then a code from the app (of a later step than the one enrolment used).
    await signInWithPassword(page, username, password);
    const codeField = page.getByRole('textbox', { name: 'Authentication code' });
    await expect(codeField).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const later = await appCode(secret, enrolment.step);
    await codeField.fill(later.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedInAs(page, username);
    await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
    await signOut(page);

    // The password, then a recovery code.
    await signInWithPassword(page, username, password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await codeField.fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedInAs(page, username);
    await signOut(page);

    // An administrator resets it from the Staff list, after the confirmation.
    const admin = sessionFor('admin');
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('admin.token', token);
        localStorage.setItem('admin.user', JSON.stringify(user));
      },
      { token: admin.token, user: admin.user },
    );
    await page.goto(`/admin/staff?filter=${encodeURIComponent(JSON.stringify({ q: username }))}`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await expect(row.getByText('On', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Reset two-factor for ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reset two-factor for ${username}?` });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    // A reset needs the administrator to confirm it is them (step-up), once for 5 minutes.
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByLabel('Your password').fill(DEV_ADMIN.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Two-factor reset' })).toContainText(
      `Two-factor authentication is off for ${username}.`,
    );
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Off', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Reset two-factor for ${username}` })).toHaveCount(0);
    // Leave the shared admin session alive: forget it here instead of signing it out.
    await page.evaluate(() => localStorage.clear());

    // The password alone signs in again.
    await signInWithPassword(page, username, password);
    await expectSignedInAs(page, username);
  });
});
