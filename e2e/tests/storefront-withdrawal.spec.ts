import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { accountLinkFor, mailsTo } from '../support/mail.js';
import { backOrdered, expect, test, uniqueEmail } from './admin-fixtures.js';

/** Puts back the inventory set aside by backOrdered, once the test is done with its order. */
let restock: (() => Promise<void>) | null = null;

/** A back-ordered order (see backOrdered); its restock runs after the test. */
async function orderAwaitingKeys(api: APIRequestContext, request: APIRequestContext, email: string) {
  const backOrder = await backOrdered(api, request, email);
  restock = backOrder.restock;
  return backOrder.orderId;
}

test.describe('withdrawal before delivery', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ role: null, viewport: { width: 390, height: 844 } });
  test.afterEach(async () => {
    await restock?.();
    restock = null;
  });

  test('a customer withdraws from a back-ordered order on the licence page and is acknowledged on screen and by e-mail', async ({
    page,
    api,
    request,
  }) => {
    const email = uniqueEmail('withdrawal');
    const orderId = await orderAwaitingKeys(api, request, email);
    const ref = orderId.slice(0, 8);

    expect((await request.post('/api/account/link', { data: { email } })).status()).toBe(202);
    const link = await accountLinkFor(email);

    await page.goto(link);
    const order = page.getByRole('article', { name: `Order ${ref}` });
    await expect(order).toContainText('Paid: keys to follow');
    await order.getByRole('button', { name: `Withdraw from contract here: order ${ref}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw from this contract?' });
    await expect(dialog).toContainText('none of its licence keys will be sent');
    await expect(dialog).toContainText('Card refunds usually arrive within 5-7 business days');
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const done = page.getByRole('dialog', { name: 'Withdrawal received' });
    await expect(done).toContainText(
      /We received your withdrawal on \w+ \d+, \d{4} at \d+:\d\d:\d\d [AP]M UTC\./,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(order).toContainText('Withdrawn: refunded');
    await expect(order).toContainText('You withdrew from this order on');
    await expect(order.getByRole('button', { name: /Withdraw from contract here/ })).toHaveCount(0);

    // The acknowledgement on a durable medium: the date and time, the order, the refund.
    const ack =
      /We received your withdrawal from the contract for order ([A-F0-9]{8}) on (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/;
    await expect.poll(() => mailsTo(email).find((mail) => ack.test(mail)) ?? '').toMatch(ack);
    const mail = mailsTo(email).find((m) => ack.test(m))!;
    expect(mail.match(ack)![1]).toBe(ref.toUpperCase());
    expect(mail).toContain('We refund the whole order');

    // Staff see the withdrawal on the order.
    const detail = await api.get(`/api/admin/orders/${orderId}`);
    expect(await detail.json()).toMatchObject({
      status: 'withdrawn',
      paymentStatus: 'refunded',
      refundDue: null,
    });
  });
});
