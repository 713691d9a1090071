import type { AppConfig } from '../config/app-config.js';
import { escapeHtml } from './mail-text.js';

export interface MailBodies {
  text: string;
  html: string;
}

/**
 * The store's contact block that ends every customer e-mail: its name, the support address and phone
 * number, and when support is open. The same settings as the storefront's footer (GET /api/store-config).
 */
export function renderStoreFooter(config: Pick<AppConfig, 'store' | 'mail'>): MailBodies {
  const { name, supportPhone, hours } = config.store;
  const email = config.mail.supportEmail;
  const tel = `tel:${supportPhone.replace(/[^\d+]/g, '')}`;

  const text = [
    '-- ',
    name,
    `Support e-mail: ${email} (${hours.email})`,
    `Support phone: ${supportPhone} (${hours.phone})`,
    `Business hours: ${hours.summary}`,
  ].join('\n');

  const html = `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">
<p style="font-size:13px;color:#4b5563;margin:0">
<strong>${escapeHtml(name)}</strong><br>
Support e-mail: <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a> (${escapeHtml(hours.email)})<br>
Support phone: <a href="${escapeHtml(tel)}">${escapeHtml(supportPhone)}</a> (${escapeHtml(hours.phone)})<br>
Business hours: ${escapeHtml(hours.summary)}
</p>`;

  return { text, html };
}

/**
 * The message with the footer added: after the plain text, and inside the HTML document just before
 * `</body>` (or at the end of an HTML fragment).
 */
export function withStoreFooter<T extends MailBodies>(message: T, footer: MailBodies): T {
  const text = `${message.text.trimEnd()}\n\n${footer.text}`;
  const bodyEnd = message.html.toLowerCase().lastIndexOf('</body>');
  const html =
    bodyEnd === -1
      ? `${message.html}\n${footer.html}`
      : `${message.html.slice(0, bodyEnd)}${footer.html}\n${message.html.slice(bodyEnd)}`;
  return { ...message, text, html };
}
