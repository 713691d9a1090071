import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

interface Stats {
  totalOrders: number;
  sales: { grossSalesCents: number; refundsCents: number; netSalesCents: number; taxCents: number };
  activeLicenses: number;
  totalDownloads: number;
  completedOrders: number;
  pendingOrders: number;
  recentOrders: { id: string; customerEmail: string; totalCents: number; status: string }[];
  awaitingKeysOrders: number;
  stock: { productId: string; title: string; available: number }[];
}

const count = (value: number) => value.toLocaleString('en-US');
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test('the dashboard shows the figures the API answers', async ({ page }) => {
  // Other journeys place orders meanwhile: compare with the very answer the page received.
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/dashboard'));
  await page.goto('/admin/dashboard');
  const stats = (await (await answer).json()) as Stats;

  const card = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(card('Total Orders')).toContainText(count(stats.totalOrders));
  await expect(card('Net sales')).toContainText(money(stats.sales.netSalesCents));
  await expect(card('Net sales')).toContainText(`Gross sales ${money(stats.sales.grossSalesCents)}`);
  await expect(card('Active Licenses')).toContainText(count(stats.activeLicenses));
  await expect(card('Total Downloads')).toContainText(count(stats.totalDownloads));
  await expect(card('Order Status')).toContainText(`Completed${count(stats.completedOrders)}`);
  await expect(card('Order Status')).toContainText(`Pending${count(stats.pendingOrders)}`);
  await expect(card('Inventory')).toContainText(`Orders awaiting keys: ${count(stats.awaitingKeysOrders)}`);
  for (const row of stats.stock)
    await expect(card('Inventory').getByRole('row', { name: new RegExp(row.title) })).toContainText(
      count(row.available),
    );

  const recent = card('Recent Orders');
  if (stats.recentOrders.length === 0) await expect(recent).toContainText('No recent orders');
  for (const order of stats.recentOrders) {
    const row = recent.getByRole('row').filter({ hasText: order.id.slice(0, 8) });
    await expect(row).toContainText(order.customerEmail);
    await expect(row).toContainText(money(order.totalCents));
  }
});

test('the sales panel shows a sale in euros in euros, under figures said to be converted into dollars', async ({
  page,
  request,
}) => {
  await placeOrder(request, { email: uniqueEmail('euros'), currency: 'EUR' });
  const report = page.waitForResponse((response) => response.url().includes('/api/admin/reports/sales'));
  await page.goto('/admin/dashboard');
  const periods = (await (await report).json()) as {
    byCurrency: { currency: string; netSalesCents: number }[];
  }[];
  // Today's euros as the report answered them (other journeys sell meanwhile), the store's order of currencies.
  const today = periods.at(-1)!.byCurrency;
  expect(today.map((row) => row.currency)).toContain('EUR');
  const inItsMoney = today.map(({ currency, netSalesCents }) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: currency === 'JPY' ? 0 : 2,
      maximumFractionDigits: currency === 'JPY' ? 0 : 2,
    }).format(netSalesCents / (currency === 'JPY' ? 1 : 100)),
  );
  const panel = page.getByRole('region', { name: 'Sales', exact: true });
  await expect(panel.getByRole('region', { name: 'Today', exact: true })).toContainText(
    `Converted into USD at each day’s ECB rate. By currency: ${inItsMoney.join(' · ')}`,
  );
});
