import { escapeHtml } from '../emails/mail-text.js';

export interface DeliveredProduct {
  title: string;
  /** Keys in full: the only place they ever appear in clear outside the licence row's ciphertext. */
  keys: string[];
  downloads: { url: string; fileName: string; expiresAt: Date; maxDownloads: number }[];
  /** Units of this product still waiting for stock. */
  keysToFollow: number;
}

export interface DeliveryEmailInput {
  orderId: string;
  customerName: string;
  products: DeliveredProduct[];
  supportEmail: string;
  publicUrl: string;
  /** A follow-up that carries keys which arrived after the first e-mail. */
  followUp: boolean;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

const STEPS = [
  'Download the installer with the link below (or from your Microsoft account) and run it.',
  'Open Word, Excel or any other included app once the installation has finished.',
  'Go to File > Account > Activate Product (or Change Product Key) and enter your licence key.',
  'Your licence is for one device and does not expire: keep this e-mail somewhere safe.',
];

/** The e-mail that delivers an order's licence keys and download links, as plain text and HTML. */
export function renderDeliveryEmail(input: DeliveryEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const ref = input.orderId.slice(0, 8).toUpperCase();
  const waiting = input.products.reduce((sum, p) => sum + p.keysToFollow, 0);
  const subject = input.followUp
    ? `Your remaining licence keys for order ${ref}`
    : `Your Office licence keys for order ${ref}`;
  const intro = input.followUp
    ? 'The remaining licence keys for your order have arrived. Here they are:'
    : 'Thank you for your purchase. Your payment is confirmed and here is everything you need:';
  const waitingNote =
    waiting > 0
      ? `${waiting} more licence key${waiting === 1 ? ' is' : 's are'} on the way: we will e-mail ${waiting === 1 ? 'it' : 'them'} as soon as ${waiting === 1 ? 'it is' : 'they are'} in stock, typically within minutes and at the latest within 24 hours.`
      : '';
  const support = `Questions? Reply to this e-mail or write to ${input.supportEmail}. Order reference: ${input.orderId}`;

  const text = [
    `Hello ${input.customerName},`,
    '',
    intro,
    '',
    ...input.products.flatMap((p) => [
      p.title,
      ...p.keys.map((key) => `  Licence key: ${key}`),
      ...p.downloads.map(
        (d) =>
          `  Download (${d.fileName}): ${d.url} (valid until ${day(d.expiresAt)}, up to ${d.maxDownloads} downloads)`,
      ),
      ...(p.keysToFollow > 0 ? [`  ${p.keysToFollow} key(s) to follow`] : []),
      '',
    ]),
    ...(waitingNote ? [waitingNote, ''] : []),
    'How to install and activate:',
    ...STEPS.map((step, i) => `  ${i + 1}. ${step}`),
    '',
    `Your orders, keys and downloads are also available at ${input.publicUrl}/login.`,
    support,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(input.customerName)},</p>
<p>${escapeHtml(intro)}</p>
${input.products
  .map(
    (p) => `<h2 style="font-size:18px">${escapeHtml(p.title)}</h2>
<ul>${p.keys.map((key) => `<li>Licence key: <strong style="font-family:monospace">${escapeHtml(key)}</strong></li>`).join('')}
${p.downloads
  .map(
    (d) =>
      `<li><a href="${escapeHtml(d.url)}">Download ${escapeHtml(d.fileName)}</a> (valid until ${day(d.expiresAt)}, up to ${d.maxDownloads} downloads)</li>`,
  )
  .join('')}
${p.keysToFollow > 0 ? `<li>${p.keysToFollow} key(s) to follow</li>` : ''}</ul>`,
  )
  .join('\n')}
${waitingNote ? `<p>${escapeHtml(waitingNote)}</p>` : ''}
<h3 style="font-size:16px">How to install and activate</h3>
<ol>${STEPS.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p>Your orders, keys and downloads are also available at <a href="${escapeHtml(input.publicUrl)}/login">${escapeHtml(input.publicUrl)}/login</a>.</p>
<p>${escapeHtml(support)}</p>
</body></html>`;

  return { subject, text, html };
}
