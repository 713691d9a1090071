/**
 * Settings the storefront is built with (Vite `VITE_*` variables). The support contacts are shown in the
 * footer and on the confirmation screens.
 */
export const config = {
  storeName: 'Office Licence Store',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@officelicencestore.com',
  supportPhone: import.meta.env.VITE_SUPPORT_PHONE || '+1 (864) 555-0142',
};

/** The phone number as a `tel:` address: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
