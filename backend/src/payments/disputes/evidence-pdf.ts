import { printable, renderPdf } from '../../common/pdf.js';
import type { EvidencePack } from './evidence.js';

/** The evidence pack as one PDF a bank can read: headed sections, one fact a line. */
export function renderEvidencePdf(pack: EvidencePack): Promise<Buffer> {
  const info = {
    Title: `Dispute evidence, order ${pack.order.id}`,
    Author: pack.store.name,
    Subject: `Dispute ${pack.dispute.providerDisputeId}`,
  };
  return renderPdf(info, (doc) => drawEvidence(doc, pack));
}

function drawEvidence(doc: PDFKit.PDFDocument, pack: EvidencePack): void {
  const heading = (text: string) =>
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text).moveDown(0.2);
  const line = (label: string, value: string | number | null) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value === null || value === '' ? '-' : printable(String(value)));
  const plain = (text: string) => doc.font('Helvetica').fontSize(9.5).text(printable(text));

  doc.font('Helvetica-Bold').fontSize(16).text(`${pack.store.name}: dispute evidence`);
  doc.font('Helvetica').fontSize(9.5).text(`${pack.store.url}  ·  ${pack.store.supportEmail}`);
  plain(`Generated ${pack.generatedAt} from the store's records.`);

  heading('Dispute');
  line('Provider dispute id', pack.dispute.providerDisputeId);
  line('Kind', pack.dispute.kind === 'fraud_warning' ? 'early fraud warning' : 'dispute');
  line('Amount', pack.dispute.amount);
  line('Reason', pack.dispute.reason);
  line('Status', pack.dispute.status);
  line('Evidence due by', pack.dispute.evidenceDueBy);

  heading('Order');
  line('Order', pack.order.id);
  line('Placed', pack.order.createdAt);
  line('Paid', pack.order.paidAt);
  line(
    'Payment',
    `${pack.order.paymentProvider ?? '-'} ${pack.order.providerPaymentId ?? ''} (${pack.order.paymentMethod ?? '-'})`,
  );
  line('Status', `${pack.order.status}, payment ${pack.order.paymentStatus}`);
  line('Total', pack.order.total);
  for (const l of pack.order.lines) plain(`• ${l.quantity} × ${l.product} at ${l.unitPrice}`);

  heading('Customer and billing');
  line('Name', pack.customer.name);
  line('E-mail', pack.customer.email);
  line('Billing address', pack.customer.billingAddress);
  line('Phone', pack.customer.phone);

  heading('Checkout');
  line('IP address', pack.checkout.ipAddress);
  line('IP country', pack.checkout.ipCountry);
  line('Billing country', pack.checkout.billingCountry);
  line('Card country', pack.checkout.cardCountry);

  heading('Consents given at checkout');
  for (const c of pack.consents) plain(`• ${c.givenAt}: "${c.statement}"`);

  heading('Delivery e-mail');
  if (!pack.deliveryEmails.length) plain('No delivery e-mail was sent.');
  for (const e of pack.deliveryEmails) {
    line('To', e.to);
    line('Subject', e.subject);
    line('Queued', e.queuedAt);
    line('Sent', e.sentAt ?? 'not sent yet');
    line('Message-ID', e.messageId);
  }

  heading('Licence keys and activations');
  if (!pack.licenceKeys.length) plain('No licence key was given to this order.');
  for (const k of pack.licenceKeys) {
    plain(`• ${k.key} (${k.product}), ${k.status}, assigned ${k.assignedAt ?? '-'}`);
    for (const a of k.activations) plain(`    activated ${a.at} on device ${a.instance}`);
    if (!k.activations.length) plain('    no activation recorded');
  }

  heading('Downloads');
  if (!pack.downloads.length) plain('No download link was given to this order.');
  for (const d of pack.downloads)
    plain(
      `• ${d.fileName} (${d.product}, ${d.platform}): downloaded ${d.downloadCount} of ${d.maxDownloads} times; ` +
        `link created ${d.createdAt}, ${d.active ? 'active' : 'disabled'}`,
    );

  heading('Refunds');
  if (!pack.refunds.length) plain('None.');
  for (const r of pack.refunds) plain(`• ${r.at}: ${r.amount}, ${r.status}: ${r.reason}`);
}
