import type { SupportChannel } from '../lib/storeConfig';
import { SUPPORT } from './business';

/**
 * Placeholders for the server's support hours in page copy. The hours are the server's
 * (`GET /api/store-config`), like the e-mail address and phone number, so the pages and the e-mails cannot
 * disagree: `We answer the phone ${HOURS.phone}.` in a content module shows the phone hours on the page.
 */
export const HOURS = {
  email: '{emailHours}',
  phone: '{phoneHours}',
} as const satisfies Record<SupportChannel, string>;

const TOKEN = /\{(email|phone)Hours\}/g;

/** Copy cut into its own text and the support hours it names, in order. */
export function splitHours(text: string): (string | { hours: SupportChannel })[] {
  const parts: (string | { hours: SupportChannel })[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ hours: match[1] as SupportChannel });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The words around the server's contacts and hours (components/StoreContacts.tsx). */
export const storeContactsCopy = {
  /** The accessible name of a placeholder shown while the settings load. */
  loading: 'Loading',
  /** Stands in for the e-mail address or phone number when the settings cannot be loaded. */
  contactForm: 'our contact form',
  storeName: 'This store',
  officeAddress: 'Anderson, SC, United States',
  hours: '(hours could not be loaded)',
  schedule: `Our support hours could not be loaded right now. Messages sent with the contact form are answered within ${SUPPORT.responseTime}.`,
} as const;
