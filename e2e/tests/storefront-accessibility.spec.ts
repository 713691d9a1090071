import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { fillBilling } from '../support/checkout.js';

/** Kim's billing details, in Singapore. */
const kim = (email: string) => ({
  email,
  firstName: 'Kim',
  lastName: 'Park',
  address: '8 Orchard Road',
  city: 'Singapore',
  country: 'SG',
  zipCode: '238823',
  phone: '6123 4567',
});

test.describe('storefront accessibility (axe: no serious or critical violations)', () => {
  test('home, with the cart open, and the 404 page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('article').first().getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/products/office-2024-professional-plus');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/login and /success', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Access your licences' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/success');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('every checkout step, completed with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const addButton = page.getByRole('article').first().getByRole('button', { name: 'Add to Cart' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    const proceed = page.getByRole('button', { name: 'Proceed to Secure Checkout' });
    await proceed.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Typing into focused fields; Tab moves between them.
    await page.getByLabel('Email address').focus();
    await page.keyboard.type(`keys.${Date.now()}@example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kim');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Park');
    await expect(page.getByLabel('Last name')).toHaveValue('Park');
    await fillBilling(page, kim(`keys.${Date.now()}@example.com`));
    const cont = page.getByRole('button', { name: 'Continue to Payment' });
    await expect(cont).toBeEnabled();
    await cont.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: '2. Payment' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Complete Secure Purchase' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete Secure Purchase' }).focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
