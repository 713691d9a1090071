import { randomKey } from '../support/staff.js';
import { mailsMentioning } from '../support/mail.js';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

const PRODUCT = 'office-2024-home-business';
const TITLE = 'Office 2024 Home & Business';

interface Product {
  id: string;
  available: number;
  lowStockThreshold: number | null;
}

test.describe('stock levels', () => {
  test.afterEach(async ({ api }) => {
    // Back to the store's default level, for the journeys after this one.
    const reset = await api.put(`/api/admin/products/${PRODUCT}`, { data: { lowStockThreshold: null } });
    expect(reset.status(), await reset.text()).toBe(200);
  });

  test("an admin sets a product's low-stock level, a sale takes it below, staff are e-mailed and the dashboard warns", async ({
    page,
    api,
    request,
  }) => {
    // A few keys of the product in stock, whatever the journeys before left.
    const imported = await api.post('/api/admin/license-keys/import', {
      headers: { 'content-type': 'text/csv' },
      data: ['productId,licenseKey', ...Array.from({ length: 3 }, () => `${PRODUCT},${randomKey()}`)].join(
        '\n',
      ),
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const { available } = (await (await api.get(`/api/admin/products/${PRODUCT}`)).json()) as Product;
    expect(available).toBeGreaterThanOrEqual(3);

    // The level at the stock: not below it yet.
    await page.goto('/admin/products');
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toContainText(String(available));
    await row.getByText(TITLE).click();
    const level = page.getByLabel('Low-stock level');
    await level.fill(String(available));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(row).not.toContainText('(default)');
    await expect(row).not.toContainText('Low stock');

    // One sale: one key fewer than the level.
    const subject = `Low stock: ${TITLE} has ${available - 1} key`;
    const before = mailsMentioning(subject).length;
    await placeOrder(request, { email: uniqueEmail('stock'), productId: PRODUCT });
    await expect.poll(() => mailsMentioning(subject).length).toBe(before + 1);
    const mail = mailsMentioning(subject).at(-1)!;
    expect(mail).toContain(`Low-stock level: ${available}`);
    expect(mail).toContain('/admin#/products');

    // The dashboard's figures are up to 5 seconds old: once they are from after the sale (the API's
    // generatedAt), the page shows the product low, with its days of stock.
    const sold = Date.now();
    await expect
      .poll(async () => {
        const dashboard = await api.get('/api/admin/dashboard');
        expect(dashboard.status()).toBe(200);
        return Date.parse(((await dashboard.json()) as { generatedAt: string }).generatedAt);
      })
      .toBeGreaterThanOrEqual(sold);
    await page.goto('/admin/dashboard');
    const stock = page
      .getByRole('table', { name: 'Keys in stock' })
      .getByRole('row', { name: new RegExp(TITLE) });
    await expect(stock).toContainText(`${available - 1}Low stock`);
    // Sold today: a figure, not "—".
    await expect(stock.getByRole('cell').nth(2)).toHaveText(/^\d+(\.\d)?$/);
  });
});
