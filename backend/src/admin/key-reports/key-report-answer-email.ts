import { escapeHtml } from '../../emails/mail-text.js';
import { orderReference } from '../../orders/order-reference.js';

/** Staff's answer to a customer's report of a key that does not activate. */
export function renderKeyReportAnswerEmail(input: {
  orderId: string;
  customerName: string;
  keyLastGroup: string;
  answer: string;
  supportEmail: string;
}): { subject: string; text: string; html: string } {
  const ref = orderReference(input.orderId);
  const paragraphs = [
    `Hello ${input.customerName},`,
    `Thank you for reporting that your licence key ending in ${input.keyLastGroup} (order ${ref}) did not ` +
      'activate. Our answer:',
    input.answer,
    `Questions? Reply to this e-mail or write to ${input.supportEmail}. Order reference: ${input.orderId}`,
  ];
  return {
    subject: `About your licence key for order ${ref}`,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
</body></html>`,
  };
}
