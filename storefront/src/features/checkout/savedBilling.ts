import { emptyBilling, type Billing } from './billingSchema';

/**
 * The billing form as typed, kept for the tab (sessionStorage: gone when the tab closes, never shared with
 * another tab), so that a reload does not lose it. Only the form's own fields: the card is typed into the
 * payment provider's form, which the store never reads or keeps.
 */
const KEY = 'office-store.checkout-billing';

const FIELDS = Object.keys(emptyBilling) as (keyof Billing)[];

export function saveBilling(values: Billing): void {
  const kept = Object.fromEntries(FIELDS.map((field) => [field, values[field]]));
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Without storage a reload starts the form again, as before.
  }
}

/** What the tab kept, each field of the right type (anything else is left as the empty form has it). */
export function readSavedBilling(): Billing | null {
  let value: unknown;
  try {
    value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const saved = value as Record<string, unknown>;
  const billing: Billing = { ...emptyBilling };
  for (const field of FIELDS) {
    const kept = saved[field];
    if (field === 'business') billing.business = kept === true;
    else if (typeof kept === 'string') billing[field] = kept;
  }
  return billing;
}

export function clearSavedBilling(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
