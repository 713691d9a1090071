import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { freePort, pdfText, startServer, type RunningServer } from '@store/testing';
import { ViesStandIn } from '../../backend/test/support/vies-stand-in.ts';
import { seriousViolations } from '../support/axe.js';
import { fillBilling, giveStatements, type BillingInput } from '../support/checkout.js';
import { accountLinkFor } from '../support/mail.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** The French company's number that the VIES stand-in knows as registered. */
const FRENCH_VAT_NUMBER = 'FR40303265045';

/** The rows of the order summary in `scope` (a description list) as "label: value". */
const rowsOf = (scope: Locator): Promise<string[]> =>
  scope
    .getByRole('term')
    .evaluateAll((terms) =>
      terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    );
const summaryRows = (page: Page) => rowsOf(page.getByRole('complementary', { name: 'Order Summary' }));

/*
 * The run's server has tax off (the spec's "Taxes and fees $0.00"). These journeys start a store of their own
 * that charges VAT included in its prices, as an Irish seller, with VAT numbers checked against a local VIES
 * stand-in; payments are the demo provider's. A German consumer and a French business each buy Office 2024
 * Standard ($40.49) and open the invoice PDF from their licence page.
 */
test.describe('VAT at checkout and on the invoice (issue #20)', () => {
  test.describe.configure({ mode: 'serial' });
  let vies: ViesStandIn;
  let server: RunningServer;
  let dataDir: string;
  let mailDir: string;

  test.beforeAll(async () => {
    vies = await ViesStandIn.start({
      registered: {
        [FRENCH_VAT_NUMBER]: { name: 'ATELIER MARTIN', address: '8 RUE DE LA PAIX 75002 PARIS' },
      },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-tax-'));
    mailDir = join(dataDir, 'mail');
    const port = await freePort();
    server = await startServer({
      root: ROOT,
      port,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `sqlite:${join(dataDir, 'store.sqlite')}`,
        MAIL_DIR: mailDir,
        SMTP_URL: '',
        TAX_MODE: 'inclusive',
        SELLER_COUNTRY: 'IE',
        SELLER_NAME: 'Office Licence Store Ltd',
        SELLER_ADDRESS: '1 Grand Canal Square, Dublin 2, Ireland',
        SELLER_VAT_NUMBER: 'IE6388047V',
        VAT_VALIDATION_URL: vies.url,
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await vies?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Office 2024 Standard in the cart (which says tax is worked out at checkout), then the billing step. */
  async function toCheckout(page: Page) {
    await page.goto(`${server.url}/`);
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Office 2024 Standard', exact: true }) })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    // Prices include the VAT: the cart says so rather than that tax comes at checkout (#34).
    await expect.poll(() => rowsOf(cart)).toContain('Taxes and fees: Included in prices (EU and UK VAT)');
    await cart.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();
  }

  /** Pays on the payment step (demo provider) and waits for the confirmation. */
  async function pay(page: Page) {
    await expect(page.getByText('Demo payment, no charge.')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();
  }

  /**
   * The buyer's licence page, through the sign-in link e-mailed to them, and the text of the invoice PDF
   * downloaded from it.
   */
  async function invoiceFromLicencePage(page: Page, email: string) {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
    await page.goto(await accountLinkFor(email, mailDir));
    const order = page.getByRole('article', { name: /^Order / });
    const invoiceButton = order.getByRole('button', { name: /^Download invoice \d{4}-\d{6}$/ });
    await expect(invoiceButton).toBeVisible();
    const invoiceNumber = (await invoiceButton.textContent())!.replace('Download invoice ', '');
    const downloading = page.waitForEvent('download');
    await invoiceButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { invoiceNumber, text: pdfText(pdf) };
  }

  test('a German consumer sees the VAT in the price, pays, and downloads the invoice that states it', async ({
    page,
  }) => {
    const buyer: BillingInput = {
      email: `lena.${Date.now()}@example.com`,
      firstName: 'Lena',
      lastName: 'Braun',
      address: 'Hauptstraße 5',
      city: 'Berlin',
      country: 'DE',
      zipCode: '10115',
      phone: '030 1234 5678',
    };
    await toCheckout(page);
    await fillBilling(page, buyer);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    // The VAT shows as soon as the country is known, before the statements are ticked (#34).
    await expect
      .poll(() => summaryRows(page))
      .toEqual(expect.arrayContaining(['VAT DE 19% (included): $6.46', 'Total (incl. VAT): $40.49']));
    await giveStatements(page);

    // $40.49 holds German VAT of 19 %: 4049 − 4049 / 1.19 (3402.52 → 3403) = $6.46; the total is unchanged.
    await expect
      .poll(() => summaryRows(page))
      .toEqual(expect.arrayContaining(['VAT DE 19% (included): $6.46', 'Total (incl. VAT): $40.49']));
    await pay(page);

    const { invoiceNumber, text } = await invoiceFromLicencePage(page, buyer.email);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Lena Braun');
    expect(text).toContain('19%');
    expect(text).not.toContain('Reverse charge');
  });

  test('a French business with a valid VAT number is reverse-charged: it pays the net price, and the invoice says why', async ({
    page,
  }) => {
    const buyer: BillingInput = {
      email: `claire.${Date.now()}@example.fr`,
      firstName: 'Claire',
      lastName: 'Martin',
      address: '8 rue de la Paix',
      city: 'Paris',
      country: 'FR',
      zipCode: '75002',
      phone: '01 23 45 67 89',
      company: 'Atelier Martin SARL',
      vatNumber: 'FR 40 303 265 045',
    };
    await toCheckout(page);
    await fillBilling(page, buyer);
    // The billing step as a business sees it, its fields open (issue #18: zero on every checkout step).
    await expect(page.getByLabel('VAT number (optional)')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    // Its VAT number confirmed, the business is not asked for the consumer statements (#34).
    await expect(
      page.getByText('Your VAT number is confirmed: as a business purchase, the consumer statements', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /withdrawal/ })).toHaveCount(0);

    // No French VAT: $40.49 less the 20 % it holds (4049 / 1.2 = 3374.17 → $33.74).
    await expect
      .poll(() => summaryRows(page))
      .toEqual(expect.arrayContaining(['VAT FR 0% (reverse charge): $0.00', 'Total: $33.74']));
    await expect(page.getByText('Reverse charge: VAT to be accounted for by the recipient.')).toBeVisible();
    await pay(page);
    expect(vies.requests.length).toBeGreaterThan(0);

    const { invoiceNumber, text } = await invoiceFromLicencePage(page, buyer.email);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Atelier Martin SARL');
    expect(text).toContain(FRENCH_VAT_NUMBER);
    expect(text).toContain('Reverse charge');
  });

  test('a French consumer sees the VAT included before ticking the statements, on a phone and a laptop', async ({
    browser,
  }) => {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await toCheckout(page);
      await fillBilling(page, {
        email: `chloe.${width}.${Date.now()}@example.fr`,
        firstName: 'Chloé',
        lastName: 'Petit',
        address: '3 place Bellecour',
        city: 'Lyon',
        country: 'FR',
        zipCode: '69002',
        phone: '06 12 34 56 78',
      });
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('checkbox', { name: /^I acknowledge that I lose/ })).not.toBeChecked();
      // 4049 − 4049 / 1.2 (3374.17 → 3374) = $6.75, inside the price.
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect
        .poll(() => summaryRows(page))
        .toEqual(expect.arrayContaining(['VAT FR 20% (included): $6.75', 'Total (incl. VAT): $40.49']));
      await expect(summary.getByText('Calculated at checkout')).toHaveCount(0);
      await summary.getByText('Total (incl. VAT)').scrollIntoViewIfNeeded();
      await expect(summary.getByText('Total (incl. VAT)')).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});
