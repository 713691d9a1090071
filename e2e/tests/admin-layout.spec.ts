import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

const LINKS = ['Dashboard', 'Orders', 'License Keys', 'Downloads', 'Coupons', 'Emails', 'Messages', 'Staff'];

test.describe('the back-office layout', () => {
  test('the sidebar lists the Management links and, in its footer, the store, the user and Sign Out', async ({
    page,
    request,
  }) => {
    const { storeName } = (await (await request.get('/api/store-config')).json()) as { storeName: string };
    await page.goto('/admin/dashboard');

    const sidebar = page.getByLabel('Sidebar', { exact: true });
    await expect(sidebar.getByText('Admin Panel')).toBeVisible();
    await expect(sidebar.getByText('Management')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    for (const link of LINKS) await expect(nav.getByRole('link', { name: link })).toBeVisible();
    const footer = page.getByRole('group', { name: 'Signed-in user' });
    await expect(footer).toContainText(storeName);
    await expect(footer).toContainText('admin');
    await expect(footer.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await nav.getByRole('link', { name: 'License Keys' }).click();
    await expect(page).toHaveURL(/\/admin\/license-keys$/);
    await nav.getByRole('link', { name: 'Downloads' }).click();
    await expect(page).toHaveURL(/\/admin\/downloads$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads Management' })).toBeVisible();
  });

  test('Ctrl+B folds the sidebar to icons, the cookie keeps the state for 7 days across reloads', async ({
    page,
    context,
  }) => {
    await page.goto('/admin/dashboard');
    const sidebar = page.getByLabel('Sidebar', { exact: true });
    await expect(sidebar.getByText('Management')).toBeVisible();
    const openWidth = (await sidebar.boundingBox())!.width;
    expect(openWidth).toBeCloseTo(320, -1); // 20rem

    await page.keyboard.press('Control+b');
    await expect(sidebar.getByText('Management')).toBeHidden();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeCloseTo(64, -1); // 4rem
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload();
    await expect(page.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(sidebar.getByText('Management')).toBeHidden();

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(sidebar.getByText('Management')).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  test('below 768 px the sidebar is a slide-in sheet', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav).toBeHidden();

    await page.keyboard.press('Control+b');
    await expect(nav).toBeVisible();
    expect((await page.getByLabel('Sidebar', { exact: true }).boundingBox())!.width).toBeCloseTo(288, -1); // 18rem
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(nav).toBeVisible();
  });

  test('the theme toggle switches to dark and back, remembered under "theme"', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const background = () => page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    const light = await background();

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect.poll(background).not.toBe(light);
    const dark = await background();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect.poll(background).toBe(dark);

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await expect.poll(background).toBe(light);
  });

  test('an unknown address shows our own "Page not found" with a way back', async ({ page }) => {
    await page.goto('/admin/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('Ctrl+B in a search box types, it does not fold the sidebar', async ({ page, request }) => {
    // With no order at all, react-admin shows its empty page without the search box.
    await placeOrder(request, { email: uniqueEmail('ctrl-b') });
    await page.goto('/admin/orders');
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByPlaceholder('Search by e-mail, name or order ID').click();
    await page.keyboard.press('Control+b');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('search boxes show their whole placeholder', async ({ page, request }) => {
    // An order, and so a licence key: with none, react-admin's empty pages have no search box.
    await placeOrder(request, { email: uniqueEmail('placeholder') });
    for (const [path, placeholder, width] of [
      ['/admin/orders', 'Search by e-mail, name or order ID', 1280],
      ['/admin/license-keys', 'Search by key, product or order ID', 1280],
      ['/admin/orders', 'Search by e-mail, name or order ID', 820],
      ['/admin/license-keys', 'Search by key, product or order ID', 820],
      ['/admin/orders', 'Search by e-mail, name or order ID', 390],
      ['/admin/license-keys', 'Search by key, product or order ID', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const input = page.getByPlaceholder(placeholder);
      await expect(input).toBeVisible();
      const room = await input.evaluate((element: HTMLInputElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const text = context.measureText(element.placeholder).width;
        const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return width - text;
      });
      expect(room, `${placeholder} is cut off at ${width} px`).toBeGreaterThanOrEqual(0);
    }
  });
});
