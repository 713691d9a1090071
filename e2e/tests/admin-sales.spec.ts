import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

interface Period {
  period: string;
  orders: number;
  netSalesCents: number;
  marginCents: number;
}

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test('an admin reads today’s sales and the chart after a purchase, and the order’s margin', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('sales');
  const orderId = await placeOrder(request, { email });
  const ref = orderId.slice(0, 8);
  const today = new Date().toISOString().slice(0, 10);

  // Other journeys place orders meanwhile: compare with the very answer the page received.
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/reports/sales?'));
  await page.goto('/admin/dashboard');
  const periods = (await (await answer).json()) as Period[];
  expect(periods).toHaveLength(30);
  const last = periods.at(-1)!;
  expect(last.period).toBe(today);
  expect(last.orders).toBeGreaterThanOrEqual(1);
  expect(last.netSalesCents).toBeGreaterThanOrEqual(4049);

  const sales = page.getByRole('region', { name: 'Sales', exact: true });
  const todays = sales.getByRole('region', { name: 'Today' });
  await expect(todays).toContainText(money(last.netSalesCents));
  await expect(todays).toContainText(`margin ${money(last.marginCents)}`);
  const chart = sales.getByRole('figure', { name: 'Net sales and orders per day' });
  await expect(chart.locator('svg').first()).toBeVisible();
  // A line per series, through a point per day.
  await expect(chart.locator('.MuiLineChart-line')).toHaveCount(2);
  await expect(chart.locator('.MuiLineChart-mark').first()).toBeAttached();
  await expect(chart.getByText('Net sales').first()).toBeVisible();

  // One product's figures.
  const product = page.waitForResponse((r) => r.url().includes('productId=office-2024-standard'));
  await sales.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: /Standard/ }).click();
  const standard = (await (await product).json()) as Period[];
  await expect(todays).toContainText(money(standard.at(-1)!.netSalesCents));

  // The order shows what it earned: a Standard key from the demo stock has no cost recorded.
  await page.goto('/admin/orders');
  await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
  await page.getByRole('button', { name: `View order ${ref}` }).click();
  const margin = page.getByRole('dialog', { name: `Order ${ref}` }).getByRole('region', { name: 'Margin' });
  await expect(margin.getByRole('row', { name: /Paid/ })).toContainText('$40.49');
  await expect(margin.getByRole('row', { name: /^Margin/ })).toContainText('$');
});
