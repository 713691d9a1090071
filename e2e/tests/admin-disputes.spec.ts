import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { BILLING, freePort, pdfText, startServer, type RunningServer } from '@store/testing';
import { StripeStandIn } from '../../backend/test/support/stripe-stand-in.ts';
import { seriousViolations } from '../support/axe.js';
import { DEV_ADMIN } from '../support/staff.js';

const ROOT = resolve(import.meta.dirname, '../..');

/*
 * The run's server takes demo payments, which have no disputes. This journey starts a store of its own
 * whose payments go through the Stripe SDK to the local stand-in, pays an order and opens a dispute on it
 * with webhooks signed as Stripe signs them, then follows staff in the back office.
 */
test.describe('a disputed order in the back office', () => {
  test.describe.configure({ mode: 'serial' });
  let stripe: StripeStandIn;
  let server: RunningServer;
  let dataDir: string;

  test.beforeAll(async () => {
    stripe = await StripeStandIn.start();
    dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-disputes-'));
    const port = await freePort();
    server = await startServer({
      root: ROOT,
      port,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `sqlite:${join(dataDir, 'store.sqlite')}`,
        MAIL_DIR: join(dataDir, 'mail'),
        SMTP_URL: '',
        ...stripe.env(),
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, text).toBeLessThan(300);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const webhook = (event: { payload: string; signature: string }) =>
    post('/api/payments/webhook', event.payload, { 'stripe-signature': event.signature });

  async function staffPage(browser: Browser) {
    const { token, user } = await post('/api/admin/login', DEV_ADMIN);
    const context = await browser.newContext({
      acceptDownloads: true,
      storageState: {
        cookies: [],
        origins: [
          {
            origin: server.url,
            localStorage: [
              { name: 'admin.token', value: String(token) },
              { name: 'admin.user', value: JSON.stringify(user) },
            ],
          },
        ],
      },
    });
    return { page: await context.newPage(), token: String(token) };
  }

  test('staff see the dispute, its reason, amount and due date, and download its evidence pack', async ({
    browser,
  }) => {
    const email = `dispute.${Date.now()}@example.com`;
    const { orderId } = await post('/api/create-payment-intent', {
      cartItems: [{ id: 'office-2024-standard', quantity: 1 }],
      billing: { ...BILLING, email },
      consents: { immediateDelivery: true, withdrawalRightLoss: true },
    });
    const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === orderId)!;
    await webhook(stripe.event('payment_intent.succeeded', stripe.succeeded(intent.id)));
    const dispute = stripe.dispute(intent.id);
    await webhook(stripe.event('charge.dispute.created', dispute));

    const { page } = await staffPage(browser);
    const ref = String(orderId).slice(0, 8);
    await page.goto(`${server.url}/admin/orders`);
    await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
    await page.getByRole('button', { name: `View order ${ref}` }).click();
    const order = page.getByRole('dialog', { name: `Order ${ref}` });
    const disputes = order.getByRole('region', { name: 'Disputes' });
    const row = disputes.getByRole('article', { name: `Dispute ${dispute.id}` });
    await expect(row).toContainText('Needs response');
    await expect(row).toContainText('fraudulent');
    await expect(row).toContainText('$40.49');
    await expect(row).toContainText('Evidence due by');
    await expect(order.getByRole('region', { name: 'License Keys' })).toContainText('Revoked');
    expect(await seriousViolations(page)).toEqual([]);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`dispute-evidence-${ref}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(dispute.id);
    expect(text).toContain(email);
    expect(text).toContain('Message-ID');
    expect(text).toMatch(/<outbox-\d+\.\d+@localhost>/);

    // Submitting asks first, then reaches Stripe.
    await row.getByRole('button', { name: 'Submit evidence to Stripe' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit the evidence to Stripe?' });
    await confirm.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(row).toContainText('Evidence submitted');
    const sent = stripe.requests.filter((r) => r.path === `/v1/disputes/${dispute.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ submit: 'true', evidence: { customer_email_address: email } });
  });
});
