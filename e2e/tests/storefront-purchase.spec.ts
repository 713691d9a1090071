import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillBilling, giveStatements } from '../support/checkout.js';
import { mailsTo } from '../support/mail.js';

const LICENSE_KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/;

function card(page: Page, title: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('storefront purchase journey', () => {
  test('cart, coupons, reload, checkout validation, demo payment, delivery e-mail, return home', async ({
    page,
  }) => {
    const email = `jane.${Date.now()}.${test.info().workerIndex}@example.com`;

    // Home: add two editions.
    await page.goto('/');
    await expect(page).toHaveTitle('Office 2024 Lifetime Licences | Office Licence Store');
    await card(page, 'Office 2024 Standard').getByRole('button', { name: 'Add to Cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(cart).toBeVisible();
    await expect(cart.getByText('Digital delivery')).toBeVisible();
    await expect(
      cart.getByRole('button', { name: 'Decrease quantity of Office 2024 Standard' }),
    ).toBeDisabled();
    await cart.getByRole('button', { name: 'Increase quantity of Office 2024 Standard' }).click();
    await expect(cart.getByLabel('Quantity of Office 2024 Standard', { exact: true })).toHaveText('2');
    await expect(
      cart.getByRole('button', { name: 'Decrease quantity of Office 2024 Standard' }),
    ).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();

    await card(page, 'Office 2024 Professional Plus LTSC')
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(cart).toBeVisible();
    const summary = cart.getByRole('region', { name: 'Order Summary' });
    // 2 × $40.49 + $53.99
    await expect(summary).toContainText(/Total\s*\$134\.97/);

    // Promo code: Apply waits for a code; an unknown one is refused, SAVE10 (any case) is taken.
    const code = cart.getByLabel('Enter promo code');
    const apply = cart.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    await code.fill('   ');
    await expect(apply).toBeDisabled();
    await code.fill('NOT-A-CODE');
    await apply.click();
    await expect(cart.getByText('This coupon code is not valid or has expired')).toBeVisible();
    await code.fill('save10');
    await code.press('Enter');
    await expect(cart.getByText(/Promo code SAVE10 applied/)).toBeVisible();
    await expect(cart.getByText('This coupon code is not valid or has expired')).toBeHidden();
    // Discount round($134.97 × 10%) = $13.50
    await expect(summary).toContainText(/Total\s*\$121\.47/);

    // A reload keeps the cart and the coupon.
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await expect(cart.getByLabel('Quantity of Office 2024 Standard', { exact: true })).toHaveText('2');
    await expect(cart.getByText(/Promo code SAVE10 applied/)).toBeVisible();
    await expect(summary).toContainText(/Total\s*\$121\.47/);

    await cart.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(cart).toBeHidden();

    // Step 1: live validation with the spec's messages.
    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Billing information' }).getByText('30-Day Money-Back Guarantee'),
    ).toBeVisible();
    const proceed = page.getByRole('button', { name: 'Continue to Payment' });
    await expect(proceed).toBeDisabled();
    await expect(page.getByLabel('Country')).toHaveValue('IN');
    await expect(page.getByLabel(/^Phone code/)).toHaveValue('+91');

    const email_ = page.getByLabel('Email address');
    await email_.fill('jane@');
    await email_.blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await email_.fill('');
    await expect(page.getByText('Email is required')).toBeVisible();
    const first = page.getByLabel('First name');
    await first.focus();
    await first.blur();
    await expect(page.getByText('First name is required')).toBeVisible();
    await first.fill('J');
    await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
    const address = page.getByLabel('Street address');
    await address.fill('12 M');
    await address.blur();
    await expect(page.getByText('Please enter a complete address')).toBeVisible();
    const zip = page.getByLabel('Postal code');
    await zip.fill('1');
    await zip.blur();
    await expect(page.getByText('Please enter a valid postal code')).toBeVisible();
    const phone = page.getByLabel('Phone number');
    await phone.fill('12345');
    await phone.blur();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(proceed).toBeDisabled();

    await email_.fill(email);
    await first.fill('Jane');
    await page.getByLabel('Last name').fill('Doe');
    await address.fill('12 Market Street');
    await page.getByLabel('City').fill('Pune');
    await zip.fill('411001');
    await phone.fill('98765 43210');
    await expect(page.getByText('Please enter a valid phone number')).toBeHidden();
    await expect(proceed).toBeEnabled();

    // A reload keeps the billing details for the tab (#34): the form is filled again once the page is live.
    await page.reload();
    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();
    await expect(email_).toHaveValue(email);
    await expect(page.getByLabel('Last name')).toHaveValue('Doe');
    await expect(phone).toHaveValue('98765 43210');
    await expect(proceed).toBeEnabled();
    await proceed.click();

    const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(notifications).toContainText('Billing information saved');
    await expect(notifications).toContainText('Proceeding to payment...');
    const paymentHeading = page.getByRole('heading', { name: '2. Payment' });
    await expect(paymentHeading).toBeFocused();

    // Back keeps the billing data.
    await page.getByRole('button', { name: 'Back to Billing Info' }).click();
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // Step 2: the demo provider; the server's totals.
    await expect(page.getByText('Demo payment, no charge.')).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(sidebar).toContainText(/Total\s*\$121\.47/);
    await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();

    await expect(notifications).toContainText('Order Placed Successfully!');
    await expect(notifications).toContainText("You'll receive your license keys via email within 5 minutes.");
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeFocused();
    await expect(page.getByText(`A confirmation has been sent to ${email}.`)).toBeVisible();
    await expect(page.getByText(/Order status: Fulfilled/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check Your Email' })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );

    // The delivery e-mail reaches the mail sink with one key per licence (3).
    await expect.poll(() => mailsTo(email).find((mail) => LICENSE_KEY.test(mail)) ?? '').toMatch(LICENSE_KEY);
    const delivery = mailsTo(email).find((mail) => LICENSE_KEY.test(mail)) ?? '';
    expect(new Set(delivery.match(new RegExp(LICENSE_KEY, 'g'))).size).toBe(3);

    // Return to Home empties the cart, also after a reload.
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cart, / })).toHaveCount(0);
    await page.reload();
    await expect(card(page, 'Office 2024 Standard')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cart, / })).toHaveCount(0);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(
      page.getByText('Add some Microsoft Office licenses to get started with your purchase.'),
    ).toBeVisible();
  });

  test('a declined demo payment shows Payment Failed and keeps the shopper on the payment step', async ({
    page,
  }) => {
    await page.goto('/');
    await card(page, 'Office 2024 Standard').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
    await fillBilling(page, {
      email: `decline.${Date.now()}@example.com`,
      firstName: 'Sam',
      lastName: 'Lee',
      address: '1 High Street',
      city: 'London',
      country: 'GB',
      zipCode: 'SW1A 1AA',
      phone: '020 7946 0958',
    });
    await expect(page.getByLabel(/^Phone code/)).toHaveValue('+44');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    // Billed in the UK: both statements of Art 16(m) before any payment is set up.
    await giveStatements(page);

    await page.getByLabel('Simulate a declined payment').check();
    await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Payment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toHaveCount(0);
  });
});
