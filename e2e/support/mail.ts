import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Every message the journeys' SMTP sink received so far, decoded enough to search (the kit's SmtpSink in
 * global-setup.ts); or, given `dir`, the messages of a journey's own store (its MAIL_DIR).
 */
export function receivedMail(dir = process.env.E2E_MAIL_DIR): string[] {
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the journeys through Playwright (global-setup.ts)');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(readFileSync(join(dir, name), 'utf8')));
}

/** The messages addressed to `address` (in `dir`, as receivedMail). */
export function mailsTo(address: string, dir?: string): string[] {
  const to = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  return receivedMail(dir).filter((mail) => to.test(mail));
}

const ACCOUNT_LINK = /https?:\/\/[^\s"<>]+\/account\?token=[^\s"<>]+/;

/**
 * The sign-in link of the licence page that reached `address`, once it has (POST /api/account/link sends it);
 * in `dir`, as receivedMail.
 */
export async function accountLinkFor(address: string, dir?: string): Promise<string> {
  const found = () => mailsTo(address, dir).find((mail) => ACCOUNT_LINK.test(mail)) ?? '';
  await expect.poll(found).toMatch(ACCOUNT_LINK);
  return found().match(ACCOUNT_LINK)![0].replace(/&amp;/g, '&');
}

/** The messages that contain `text` anywhere. */
export function mailsMentioning(text: string): string[] {
  return receivedMail().filter((mail) => mail.includes(text));
}

/** Undoes quoted-printable's soft line breaks and =XX escapes, which split long lines and keys. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
