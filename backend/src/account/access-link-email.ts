import { escapeHtml } from '../emails/mail-text.js';

/** The e-mail with a customer's sign-in link to their orders, keys and downloads. */
export function renderAccessLinkEmail(link: string, supportEmail: string) {
  const subject = 'Your link to your licences';
  const text = [
    'Hello,',
    '',
    'Here is your link to your orders, licence keys and downloads. It works for 30 minutes:',
    link,
    '',
    'If you did not ask for it, you can ignore this e-mail: nobody can use it without access to your inbox.',
    `Questions? Write to ${supportEmail}.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello,</p>
<p>Here is your link to your orders, licence keys and downloads. It works for 30 minutes:</p>
<p><a href="${escapeHtml(link)}">Open my licences</a></p>
<p>If you did not ask for it, you can ignore this e-mail: nobody can use it without access to your inbox.</p>
<p>Questions? Write to ${escapeHtml(supportEmail)}.</p>
</body></html>`;
  return { subject, text, html };
}
