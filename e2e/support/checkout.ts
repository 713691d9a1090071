import { expect, type Page } from '@playwright/test';

/** What a shopper types into the checkout's billing form; a business adds its company and VAT number. */
export interface BillingInput {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  /** The billing country's code; the form's default (India) when not given. */
  country?: string;
  zipCode: string;
  phone: string;
  /** Ticks "Buying for a business" and gives the company name. */
  company?: string;
  /** With `company`: the VAT number (offered for the EU and the UK only). */
  vatNumber?: string;
}

/**
 * Fills the billing step of the checkout as a shopper does, by the fields' labels: the country before the
 * postal code (choosing it sets the phone code), the business's details last.
 */
export async function fillBilling(page: Page, billing: BillingInput): Promise<void> {
  await page.getByLabel('Email address').fill(billing.email);
  await page.getByLabel('First name').fill(billing.firstName);
  await page.getByLabel('Last name').fill(billing.lastName);
  await page.getByLabel('Street address').fill(billing.address);
  await page.getByLabel('City').fill(billing.city);
  if (billing.country) await page.getByLabel('Country').selectOption(billing.country);
  await page.getByLabel('Postal code').fill(billing.zipCode);
  await page.getByLabel('Phone number').fill(billing.phone);
  if (billing.company === undefined) return;
  const business = page.getByRole('checkbox', { name: 'Buying for a business' });
  await business.check();
  await page.getByLabel('Company name').fill(billing.company);
  if (billing.vatNumber !== undefined) await page.getByLabel('VAT number (optional)').fill(billing.vatNumber);
  await expect(business).toBeChecked();
}

/** Ticks both statements of Art 16(m), which a buyer billed in the EU or the UK gives before paying. */
export async function giveStatements(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /^I expressly agree that delivery/ }).check();
  await page.getByRole('checkbox', { name: /^I acknowledge that I lose/ }).check();
}
