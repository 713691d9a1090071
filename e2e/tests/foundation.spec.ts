import { expect, test } from '@playwright/test';

test.describe('the store is served from one process', () => {
  test('the storefront home shows the three editions with the prices the API gives', async ({
    page,
    request,
  }) => {
    const products: {
      title: string;
      currentPrice: string;
      originalPrice: string;
      listPriceSource: string | null;
    }[] = await (await request.get('/api/products')).json();
    expect(products.map((p) => p.currentPrice)).toEqual(['$40.49', '$242.99', '$53.99']);

    await page.goto('/');
    for (const product of products) {
      const card = page.getByRole('article').filter({ hasText: product.title });
      await expect(card).toBeVisible();
      await expect(card).toContainText(product.currentPrice);
      // A list price is shown only with its source (#34); the demo catalogue names none.
      expect(product.listPriceSource).toBeNull();
      await expect(card).not.toContainText(product.originalPrice);
    }
  });

  test('an unknown path renders the storefront 404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('the back office sends a visitor without a session to its login page', async ({ page }) => {
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
  });

  test('staff sign in with the development credentials and reach the dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin-dev-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/orders$/);
  });

  test('Swagger UI renders under the content security policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Office licence store API/ })).toBeVisible();
    await expect(page.getByRole('link', { name: '/api/admin/login', exact: true })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
