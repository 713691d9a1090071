import { createStaff, expect, sessionFor, test } from './admin-fixtures.js';

test.describe('back-office sign-in', () => {
  test.use({ role: null });

  test('a visitor without a session is sent to the login page, which shows the development sign-in', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/store-config')).json()) as {
      developmentSignIn: { username: string; password: string } | null;
    };
    expect(config.developmentSignIn).not.toBeNull();

    for (const path of ['/admin/licenses', '/admin/', '/admin/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
    }
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    const credentials = page.getByLabel('Development credentials');
    await expect(credentials).toContainText(config.developmentSignIn!.username);
    await expect(credentials).toContainText(config.developmentSignIn!.password);
  });

  test('the login form asks for both fields and reports a refusal', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/login')) requests.push(request.url());
    });
    await page.goto('/admin/login');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(requests).toEqual([]);

    // An unknown user, so the development admin's login attempts stay for the other journeys.
    await page.getByLabel('Username').fill(`nobody-${Date.now()}`);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect(toast).toContainText('Invalid credentials');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(requests).toHaveLength(1);
  });

  test('a staff member signs in, is welcomed, and Sign Out ends the session on the server and in the other tabs', async ({
    page,
    request,
    context,
  }) => {
    const username = `e2e-signout-${Date.now().toString(36)}`;
    const password = 'sign-out-password-1';
    await createStaff(request, sessionFor('admin'), { username, password, role: 'support' });

    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
    const footer = page.getByRole('group', { name: 'Signed-in user' });
    await expect(footer).toContainText(username);
    await expect(footer).toContainText('support');

    const token = await page.evaluate(() => localStorage.getItem('admin.token'));
    expect(token).toBeTruthy();
    const me = () => request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);

    // Signed in, the login page has nothing to do: it goes to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // A second tab of the same session.
    const other = await context.newPage();
    await other.goto('/admin/orders');
    await expect(other.getByRole('group', { name: 'Signed-in user' })).toContainText(username);

    const logout = page.waitForRequest(
      (req) => req.url().endsWith('/api/admin/logout') && req.method() === 'POST',
    );
    await footer.getByRole('button', { name: 'Sign Out' }).click();
    expect((await logout).headers()['authorization']).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(
      await page.evaluate(() => [localStorage.getItem('admin.token'), localStorage.getItem('admin.user')]),
    ).toEqual([null, null]);
    await expect.poll(async () => (await me()).status()).toBe(401);
    // The tab that signed out knows why; the other one is told.
    await expect(page.getByText('Your session ended, sign in again.')).toHaveCount(0);
    await expect(other).toHaveURL(/\/admin\/login/);
    await expect(other.getByText('Your session ended, sign in again.')).toBeVisible();
    await other.close();

    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a token the API refuses signs the browser out', async ({ page, context }) => {
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('admin.token', 'no-longer-valid');
        localStorage.setItem('admin.user', JSON.stringify({ id: 1, username: 'admin', role: 'admin' }));
      }
    });
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByText('Your session ended, sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin.token'))).toBeNull();
  });
});
