import { mailsTo } from '../support/mail.js';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

const KEY = /[A-Z0-9]{5}(-[A-Z0-9]{5}){4}/;

test('staff refund part of a paid order, then the rest, and the customer is e-mailed each time', async ({
  page,
  request,
  api,
}) => {
  const email = uniqueEmail('refunds');
  const orderId = await placeOrder(request, { email, quantity: 2 });
  const ref = orderId.slice(0, 8);

  await page.goto('/admin/orders');
  await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
  await page.getByRole('button', { name: `View order ${ref}` }).click();
  const order = page.getByRole('dialog', { name: `Order ${ref}` });
  const keys = order.getByRole('region', { name: 'License Keys' }).getByRole('row');
  await expect(keys).toHaveCount(2);
  const revokedKey = ((await keys.first().textContent()) ?? '').match(KEY)![0];
  await expect(order.getByRole('region', { name: 'Refunds' })).toContainText('No refunds');

  // Part of it: $40.49 of $80.98, one of the two keys.
  await order.getByRole('button', { name: 'Refund' }).click();
  let refund = page.getByRole('dialog', { name: `Refund order ${ref}` });
  await expect(refund.getByLabel('Amount (USD)')).toHaveValue('80.98');
  await refund.getByLabel('Amount (USD)').fill('40.49');
  await refund.getByLabel('Reason').fill('One licence was not needed');
  await refund
    .getByRole('group', { name: 'Office 2024 Standard' })
    .getByRole('checkbox', { name: revokedKey })
    .check();
  await expect(refund.getByRole('status', { name: 'What will happen' })).toHaveText(
    'Refund $40.49 of $80.98 to the demo payment (no money moves). 1 licence key will be revoked; the ' +
      'download links stay active for the keys left. The customer will be e-mailed.',
  );
  await refund.getByRole('button', { name: 'Review refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the refund' });
  await expect(confirm).toContainText('Refund $40.49 of $80.98');
  await confirm.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText('$40.49 refunded')).toBeVisible();

  const refunds = order.getByRole('region', { name: 'Refunds' }).getByRole('row');
  await expect(refunds.filter({ hasText: 'One licence was not needed' })).toContainText('Succeeded');
  await expect(order.getByRole('region', { name: 'Status Management' })).toContainText('Partly refunded');
  await expect(keys.filter({ hasText: revokedKey })).toContainText('Revoked');
  await expect(keys.getByText('Active', { exact: true })).toHaveCount(1);

  // The rest: the amount left, every key.
  await order.getByRole('button', { name: 'Refund' }).click();
  refund = page.getByRole('dialog', { name: `Refund order ${ref}` });
  await expect(refund.getByLabel('Amount (USD)')).toHaveValue('40.49');
  await refund.getByLabel('Reason').fill('The customer cancelled the rest');
  await expect(refund.getByRole('status', { name: 'What will happen' })).toHaveText(
    'Refund $40.49, all that is left of $80.98, to the demo payment (no money moves). 1 licence key will ' +
      'be revoked and its download links disabled. The customer will be e-mailed.',
  );
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await confirm.getByRole('button', { name: 'Confirm refund' }).click();

  await expect(refunds.filter({ hasText: 'The customer cancelled the rest' })).toContainText('Succeeded');
  await expect(order.getByRole('region', { name: 'Status Management' })).toContainText('Refunded');
  await expect(keys.filter({ hasText: 'Revoked' })).toHaveCount(2);
  const downloads = order.getByRole('region', { name: 'Downloads' });
  await expect(downloads.getByText('Inactive', { exact: true }).first()).toBeVisible();
  await expect(downloads.getByText('Active', { exact: true })).toHaveCount(0);
  // Nothing is left to refund.
  await expect(order.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  const detail = (await (await api.get(`/api/admin/orders/${orderId}`)).json()) as {
    paymentStatus: string;
    refundableCents: number;
  };
  expect(detail).toMatchObject({ paymentStatus: 'refunded', refundableCents: 0 });

  // Both refund e-mails reach the customer, with the amount and where the money goes.
  const refundMails = () => mailsTo(email).filter((mail) => /^Subject: Refund of \$40\.49/m.test(mail));
  await expect.poll(() => refundMails().length).toBe(2);
  expect(refundMails().join('\n')).toContain('We have refunded $40.49 of your order');
});
