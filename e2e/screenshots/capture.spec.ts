import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseMail } from '@store/testing';

const OUT = resolve(import.meta.dirname, '../../docs/screenshots', process.env.SCREENSHOT_SET ?? 'after');
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** JPEG keeps the committed pictures small enough to live in the repository. */
async function shoot(target: Page | Locator, name: string) {
  mkdirSync(OUT, { recursive: true });
  await target.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 75 });
}

/** The HTML of the newest message to `address` in the journeys' mail folder. */
function latestHtmlTo(address: string): string | undefined {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()
    .map((file) => parseMail(readFileSync(join(dir, file), 'utf8')))
    .find((mail) => mail.headers.get('to')?.includes(address))
    ?.parts.get('text/html');
}

for (const size of WIDTHS) {
  test(`storefront at ${size.width} px`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    await shoot(page, `home-${size.name}`);
    await shoot(card, `product-card-${size.name}`);

    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await shoot(page, `cart-${size.name}`);

    await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();
    const email = `screens.${size.name}.${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Doe');
    await page.getByLabel('Street address').fill('12 Market Street');
    await page.getByLabel('City').fill('Pune');
    await page.getByLabel('Postal code').fill('411001');
    await page.getByLabel('Phone number').fill('98765 43210');
    await shoot(page, `checkout-billing-${size.name}`);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('button', { name: 'Complete Secure Purchase' })).toBeVisible();
    await shoot(page, `checkout-payment-${size.name}`);

    await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();
    await shoot(page, `order-complete-${size.name}`);

    await expect.poll(() => latestHtmlTo(email) ?? '', { timeout: 30_000 }).toContain('Order');
    const mail = await browser.newPage({ viewport: size });
    await mail.setContent(latestHtmlTo(email)!);
    await shoot(mail, `delivery-email-${size.name}`);
    await mail.close();
  });
}
