import { BACK_ORDER_HOURS } from '../catalog/catalog.data.js';
import { formatMoney, money, type Currency } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import { CONSENT_STATEMENTS, CONSENTS, type ConsentTimes } from '../orders/consents.js';
import { countOf } from '../common/words.js';
import { orderReference } from '../orders/order-reference.js';

export interface DeliveredProduct {
  title: string;
  /** Keys in full: the only place they ever appear in clear outside the licence row's ciphertext. */
  keys: string[];
  downloads: { platform: string; url: string; fileName: string; expiresAt: Date; maxDownloads: number }[];
  /** Units of this product still waiting for stock. */
  keysToFollow: number;
}

/**
 * What the order cost, as the first delivery e-mail (and a resend) states it: the customer's receipt. Its
 * amounts are in `currency`, the order's.
 */
export interface DeliveryReceipt {
  /** When it was paid. */
  date: Date;
  currency: Currency;
  items: { name: string; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  /** The tax charged (#20), when tax was on: its amount, rate in percent, country, and whether prices held it. */
  tax?: { cents: number; rate: number; country: string | null; included: boolean } | null;
  totalCents: number;
  /** As the payment provider named it (`card`), or null when unknown. */
  paymentMethod: string | null;
}

export interface DeliveryEmailInput {
  orderId: string;
  /** Left out of the follow-up that carries late keys: the first e-mail had it. */
  receipt?: DeliveryReceipt;
  customerName: string;
  products: DeliveredProduct[];
  supportEmail: string;
  publicUrl: string;
  /** A follow-up that carries keys which arrived after the first e-mail. */
  followUp: boolean;
  /** When the shopper gave each statement at checkout: confirmed here, the durable medium the law asks for. */
  consents?: ConsentTimes;
  /** The order's invoice (#20 §5), downloadable from the licence page the e-mail links to. */
  invoiceNumber?: string | null;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const day = (date: Date) => date.toISOString().slice(0, 10);
const time = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
const CONSENTS_HEADING = 'Your statements at checkout';
const CONSENTS_INTRO = 'Before your order was delivered, you gave these statements:';

const STEPS = [
  'Download the installer with the download link above (or from your Microsoft account) and run it.',
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
  const ref = orderReference(input.orderId);
  const waiting = input.products.reduce((sum, p) => sum + p.keysToFollow, 0);
  const inside = input.products.reduce((sum, p) => sum + p.keys.length, 0);
  const within = `within ${BACK_ORDER_HOURS} hours`;
  // A back-order's e-mail says so in its subject (#34): it carries no key, or not every key.
  const subject = input.followUp
    ? `Your remaining licence keys for order ${ref}`
    : waiting === 0
      ? `Your Office licence keys for order ${ref}`
      : inside === 0
        ? `Order ${ref} confirmed: your licence keys follow ${within}`
        : `Order ${ref} confirmed: ${plural(inside, 'licence key')} inside, ${waiting} more ${within}`;
  const intro = input.followUp
    ? 'The remaining licence keys for your order have arrived. Here they are:'
    : waiting > 0 && inside === 0
      ? `Thank you for your purchase. Your payment is confirmed. Your licence keys are not in stock yet: we will e-mail them as soon as they arrive, at the latest ${within} of payment. Your download links and receipt are below:`
      : 'Thank you for your purchase. Your payment is confirmed and here is everything you need:';
  const waitingNote =
    waiting > 0
      ? `${waiting} more licence key${waiting === 1 ? ' is' : 's are'} on the way: we will e-mail ${waiting === 1 ? 'it' : 'them'} as soon as ${waiting === 1 ? 'it is' : 'they are'} in stock, at the latest ${within} of payment.`
      : '';
  const support = `Questions? Reply to this e-mail or write to ${input.supportEmail}. Order reference: ${input.orderId}`;
  const receipt = input.receipt ? receiptLines(input.orderId, input.receipt) : [];
  const consents = input.consents ? consentLines(input.consents) : [];
  const account = `${input.publicUrl}/login`;
  const invoice = input.invoiceNumber
    ? `Invoice ${input.invoiceNumber} is on your licence page: ${account}`
    : '';

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
          `  Download for ${d.platform} (${d.fileName}): ${d.url} (valid until ${day(d.expiresAt)}, up to ${countOf(d.maxDownloads, 'download')})`,
      ),
      ...(p.keysToFollow > 0 ? [`  ${countOf(p.keysToFollow, 'key')} to follow`] : []),
      '',
    ]),
    ...(waitingNote ? [waitingNote, ''] : []),
    'How to install and activate:',
    ...STEPS.map((step, i) => `  ${i + 1}. ${step}`),
    '',
    `Your orders, keys and downloads are also available at ${account}.`,
    ...(invoice ? [invoice] : []),
    ...(receipt.length ? ['', 'Receipt', ...receipt.map((line) => `  ${line}`)] : []),
    ...(consents.length
      ? ['', CONSENTS_HEADING, CONSENTS_INTRO, ...consents.map((line) => `  - ${line}`)]
      : []),
    '',
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
      `<li><a href="${escapeHtml(d.url)}">Download for ${escapeHtml(d.platform)}: ${escapeHtml(d.fileName)}</a> (valid until ${day(d.expiresAt)}, up to ${countOf(d.maxDownloads, 'download')})</li>`,
  )
  .join('')}
${p.keysToFollow > 0 ? `<li>${countOf(p.keysToFollow, 'key')} to follow</li>` : ''}</ul>`,
  )
  .join('\n')}
${waitingNote ? `<p>${escapeHtml(waitingNote)}</p>` : ''}
<h3 style="font-size:16px">How to install and activate</h3>
<ol>${STEPS.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p>Your orders, keys and downloads are also available at <a href="${escapeHtml(account)}">${escapeHtml(account)}</a>.</p>
${input.invoiceNumber ? `<p>Invoice ${escapeHtml(input.invoiceNumber)} is on your licence page: <a href="${escapeHtml(account)}">${escapeHtml(account)}</a></p>` : ''}
${receipt.length ? `<h3 style="font-size:16px">Receipt</h3>\n<p>${receipt.map(escapeHtml).join('<br>')}</p>` : ''}
${consents.length ? `<h3 style="font-size:16px">${CONSENTS_HEADING}</h3>\n<p>${escapeHtml(CONSENTS_INTRO)}</p>\n<ul>${consents.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
<p>${escapeHtml(support)}</p>
</body></html>`;

  return { subject, text, html };
}

/** The receipt, line by line: order, date, each item, the discount, the tax, what was paid and how. */
function receiptLines(orderId: string, receipt: DeliveryReceipt): string[] {
  const method = receipt.paymentMethod ? ` by ${receipt.paymentMethod}` : '';
  const tax = receipt.tax && receipt.tax.cents > 0 ? receipt.tax : null;
  const format = (cents: number) => formatMoney(money(cents, receipt.currency));
  return [
    `Order ${orderId}, paid ${day(receipt.date)}`,
    ...receipt.items.map(
      (item) =>
        `${item.name} × ${item.quantity} at ${format(item.unitPriceCents)}: ${format(item.unitPriceCents * item.quantity)}`,
    ),
    ...(receipt.discountCents > 0 || tax ? [`Subtotal: ${format(receipt.subtotalCents)}`] : []),
    ...(receipt.discountCents > 0
      ? [`Discount${receipt.couponCode ? ` (${receipt.couponCode})` : ''}: -${format(receipt.discountCents)}`]
      : []),
    ...(tax
      ? [
          `VAT${tax.country ? ` ${tax.country}` : ''} ${tax.rate}%${tax.included ? ' (included)' : ''}: ` +
            format(tax.cents),
        ]
      : []),
    `Total paid: ${format(receipt.totalCents)}${method}`,
  ];
}

/** Each statement given, in the words the shopper ticked, with when. */
function consentLines(consents: ConsentTimes): string[] {
  return CONSENTS.flatMap((consent) => {
    const given = consents[consent];
    return given ? [`"${CONSENT_STATEMENTS[consent]}" (given ${time(given)})`] : [];
  });
}
