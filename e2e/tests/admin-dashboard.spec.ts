import { expect, test } from './admin-fixtures.js';

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
