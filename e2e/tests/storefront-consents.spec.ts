import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { fillBilling } from '../support/checkout.js';
import { mailsTo } from '../support/mail.js';

const LICENSE_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/;

test.describe('the statements of Art 16(m) at checkout (issue #19 §4)', () => {
  test('a buyer billed in Germany pays only after ticking both, and the delivery e-mail confirms them', async ({
    page,
  }) => {
    const email = `consent.${Date.now()}.${test.info().workerIndex}@example.com`;
    await page.goto('/');
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Office 2024 Standard', exact: true }) })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
    await fillBilling(page, {
      email,
      firstName: 'Lena',
      lastName: 'Braun',
      address: 'Hauptstraße 5',
      city: 'Berlin',
      country: 'DE',
      zipCode: '10115',
      phone: '030 1234 5678',
    });
    await expect(page.getByLabel(/^Phone code/)).toHaveValue('+49');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: '2. Payment' })).toBeVisible();

    // Both statements, unticked; no payment until both are ticked.
    const statements = page.getByRole('group', { name: 'Delivery within the withdrawal period' });
    const immediate = statements.getByRole('checkbox', { name: /^I expressly agree that delivery/ });
    const withdrawal = statements.getByRole('checkbox', { name: /^I acknowledge that I lose/ });
    await expect(immediate).not.toBeChecked();
    await expect(withdrawal).not.toBeChecked();
    await expect(
      statements.getByText('Buyers billed in the EU or the UK must tick both statements before paying.'),
    ).toBeVisible();
    const pay = page.getByRole('button', { name: 'Complete Secure Purchase' });
    await expect(pay).toBeDisabled();
    await expect(page.getByText('Tick both statements above to continue to payment.')).toBeVisible();
    // The step as EU and UK buyers see it, statements and all (issue #18: zero on every checkout step).
    expect(await seriousViolations(page)).toEqual([]);

    await immediate.check();
    await expect(pay).toBeDisabled();
    await withdrawal.check();
    await expect(page.getByText('Demo payment, no charge.')).toBeVisible();
    await expect(pay).toBeEnabled();
    const shown = [
      await statements.getByText(/^I expressly agree that delivery/).textContent(),
      await statements.getByText(/^I acknowledge that I lose/).textContent(),
    ];

    await pay.click();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();

    // The delivery e-mail (the durable medium) confirms each statement in the words shown, with its time.
    await expect.poll(() => mailsTo(email).find((mail) => LICENSE_KEY.test(mail)) ?? '').toMatch(LICENSE_KEY);
    const delivery = mailsTo(email).find((mail) => LICENSE_KEY.test(mail)) ?? '';
    expect(delivery).toContain('Your statements at checkout');
    for (const statement of shown) {
      expect(statement).toBeTruthy();
      expect(delivery).toMatch(
        new RegExp(
          `"${statement!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" \\(given \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\)`,
        ),
      );
    }
  });
});
