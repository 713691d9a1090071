import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { escapeHtml } from '../emails/mail-text.js';
import type { OutboxService } from '../emails/outbox.service.js';

/** A change to a staff account's security that its owner and the store's staff alert address are told of. */
export type StaffSecurityChange =
  | { kind: 'mfa-set' }
  | { kind: 'recovery-codes-regenerated' }
  | { kind: 'mfa-reset'; actor: string }
  | { kind: 'password-changed'; actor: string }
  | { kind: 'role-changed'; actor: string; from: string; to: string }
  | { kind: 'email-changed'; actor: string }
  | { kind: 'admin-created'; actor: string }
  | { kind: 'deactivated'; actor: string }
  | { kind: 'reactivated'; actor: string };

const time = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const NOT_YOU =
  'If you did not expect this, tell an administrator at once: they can reset the account’s two-factor ' +
  'sign-in and change its password.';

function describe(username: string, change: StaffSecurityChange, at: string): [string, string] {
  switch (change.kind) {
    case 'mfa-set':
      return [
        `Two-factor sign-in was set up for ${username}`,
        `Two-factor authentication was turned on for the staff account ${username} at ${at}; from now on ` +
          'signing in asks for a code from that authenticator app.',
      ];
    case 'recovery-codes-regenerated':
      return [
        `New recovery codes were made for ${username}`,
        `The staff account ${username} made a new set of two-factor recovery codes at ${at}; the earlier ` +
          'codes no longer work.',
      ];
    case 'mfa-reset':
      return [
        `Two-factor sign-in was reset for ${username}`,
        `${change.actor} reset the two-factor authentication of the staff account ${username} at ${at}: ` +
          'its authenticator app and recovery codes no longer work, and its sessions ended.',
      ];
    case 'password-changed':
      return [
        `The password of ${username} was changed`,
        `${change.actor} changed the password of the staff account ${username} at ${at}; its sessions ended.`,
      ];
    case 'role-changed':
      return [
        `${username} is now ${change.to === 'admin' ? 'an administrator' : change.to}`,
        `${change.actor} changed the role of the staff account ${username} from ${change.from} to ` +
          `${change.to} at ${at}; its sessions ended.`,
      ];
    case 'email-changed':
      return [
        `The e-mail address of ${username} was changed`,
        `${change.actor} changed the e-mail address of the staff account ${username} at ${at}: security ` +
          'notices go to the new address from now on.',
      ];
    case 'deactivated':
      return [
        `${username} was deactivated`,
        `${change.actor} deactivated the staff account ${username} at ${at}: it cannot sign in, and its ` +
          'sessions ended.',
      ];
    case 'reactivated':
      return [
        `${username} was reactivated`,
        `${change.actor} reactivated the staff account ${username} at ${at}: it can sign in again.`,
      ];
    case 'admin-created':
      return [
        `${username} was created as an administrator`,
        `${change.actor} created the staff account ${username} with the administrator role at ${at}.`,
      ];
  }
}

/**
 * Queues the notice of `change` in the caller's transaction, to STAFF_ALERT_EMAIL and to each of the
 * account's addresses (`emails`: its address, and its former one when that changed). Staff accounts
 * without an address are told only through STAFF_ALERT_EMAIL.
 */
export async function queueStaffSecurityNotice(
  outbox: OutboxService,
  m: EntityManager,
  config: Pick<AppConfig, 'mail'>,
  account: { username: string; emails: (string | null | undefined)[] },
  change: StaffSecurityChange,
  now = new Date(),
): Promise<void> {
  const [subject, what] = describe(account.username, change, time(now));
  const paragraphs = [what, NOT_YOU];
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  const recipients = new Set(
    [config.mail.staffAlertEmail, ...account.emails]
      .filter((to): to is string => Boolean(to))
      .map((to) => to.toLowerCase()),
  );
  for (const to of recipients)
    await outbox.enqueue(m, { kind: 'staff-security', to, subject, text, html, audience: 'staff' });
}
