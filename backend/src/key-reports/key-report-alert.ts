import { escapeHtml, singleLine, truncate } from '../emails/mail-text.js';
import type { KeyReport } from './entities/key-report.entity.js';
import { orderReference } from '../orders/order-reference.js';

/**
 * The alert to staff (STAFF_ALERT_EMAIL) for a new report of a key that does not activate: what the
 * customer wrote is data (escaped in the HTML part, one line in the subject), and the link opens the queue.
 */
export function renderKeyReportAlert(
  report: Pick<
    KeyReport,
    'id' | 'orderId' | 'productId' | 'customerEmail' | 'errorMessage' | 'screenshotType'
  >,
  product: string,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const link = `${publicUrl.replace(/\/$/, '')}/admin/key-reports?filter=${encodeURIComponent(JSON.stringify({ status: 'open' }))}`;
  const subject = truncate(`Key report #${report.id}: ${singleLine(product)} key does not activate`, 255);
  const fields: [string, string][] = [
    ['Order', orderReference(report.orderId)],
    ['Customer', report.customerEmail],
    ['Product', product],
    ['Screenshot', report.screenshotType ? 'attached to the report' : 'none'],
  ];
  const text = [
    `A customer reported a licence key that does not activate (report #${report.id}).`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'What the customer saw:',
    report.errorMessage,
    '',
    `Replace the key or answer the customer in the back office: ${link}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1f2937">
<p>A customer reported a licence key that does not activate (report #${report.id}).</p>
<table style="border-collapse:collapse">
${fields.map(([label, value]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p><strong>What the customer saw:</strong></p>
<div style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(report.errorMessage)}</div>
<p><a href="${escapeHtml(link)}">Open the key reports</a> to replace the key or answer the customer.</p>
</body></html>
`;
  return { subject, text, html };
}
