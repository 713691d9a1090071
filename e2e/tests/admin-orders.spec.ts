import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

test('orders: search, filters, the detail dialog, a status change and resending the e-mail', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('orders');
  const paidId = await placeOrder(request, { email, productId: 'office-2024-home-business' });
  const unpaidId = await placeOrder(request, { email, pay: false });

  await page.goto('/admin/orders');
  const search = page.getByPlaceholder('Search by e-mail, name or order ID');
  await search.fill(email);
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(paidId.slice(0, 8)) })).toContainText('Fulfilled');
  await expect(page.getByRole('row', { name: new RegExp(unpaidId.slice(0, 8)) })).toContainText('Processing');
  // The column shows the first 8 characters only.
  await expect(page.getByRole('cell', { name: paidId.slice(0, 8), exact: true })).toBeVisible();

  // The status filter narrows the search.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Fulfilled' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(paidId.slice(0, 8));
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('listbox').getByText('All', { exact: true }).click();
  // Both orders again before the next filter: otherwise the count below can be met by the stale list.
  await expect(rows).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Payment' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(unpaidId.slice(0, 8));
  await page.getByRole('combobox', { name: 'Payment' }).click();
  await page.getByRole('listbox').getByText('All', { exact: true }).click();
  await expect(rows).toHaveCount(2);

  // Search by the start of an order id.
  await search.fill(paidId.slice(0, 8));
  await expect(rows).toHaveCount(1);

  // The paid order's dialog: customer, items, its key and link, and a resend.
  await page.getByRole('button', { name: `View order ${paidId.slice(0, 8)}` }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: 'Customer Information' })).toContainText(email);
  await expect(dialog.getByRole('region', { name: 'Items' })).toContainText('Office 2024 Home & Business');
  await expect(dialog.getByRole('region', { name: 'License Keys' })).toContainText(
    /[A-Z0-9]{5}(-[A-Z0-9]{5}){4}/,
  );
  await expect(dialog.getByRole('region', { name: 'Downloads' })).toContainText(
    'Office 2024 Home & Business',
  );
  await dialog.getByRole('button', { name: 'Resend e-mail' }).click();
  await expect(page.getByText('E-mail queued')).toBeVisible();
  // A paid order cannot be cancelled directly: the dialog does not offer it, and says why.
  await dialog.getByLabel('Order status').click();
  await expect(page.getByRole('option')).toHaveText(['Fulfilled']);
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('region', { name: 'Status Management' })).toContainText('refunding');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The unpaid order is cancelled.
  await search.fill(unpaidId.slice(0, 8));
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `View order ${unpaidId.slice(0, 8)}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Order status').click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Order status has been updated successfully')).toBeVisible();
  await expect(page.getByText('Order updated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rows).toContainText('Cancelled');

  const detail = await request.get(`/api/admin/orders/${unpaidId}`, {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('admin.token'))}` },
  });
  expect(((await detail.json()) as { status: string }).status).toBe('cancelled');
});

test('the orders list refreshes on demand', async ({ page, request }) => {
  const email = uniqueEmail('refresh');
  await page.goto('/admin/orders');
  await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
  await expect(page.getByText(/No .*found/).first()).toBeVisible();

  await placeOrder(request, { email, pay: false });
  await page.getByRole('main').getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
});
