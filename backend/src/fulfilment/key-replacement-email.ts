import { escapeHtml } from '../emails/mail-text.js';
import { orderReference } from '../orders/order-reference.js';

interface Mail {
  subject: string;
  text: string;
  html: string;
}

export interface KeyReplacementInput {
  orderId: string;
  customerName: string;
  productTitle: string;
  /** The new key, in full. */
  newKey: string;
  /** The last group of the key it replaces, as the customer can recognise it. */
  oldKeyLastGroup: string;
  supportEmail: string;
  publicUrl: string;
}

/** The e-mail with a replacement for a key the customer reported as not activating. */
export function renderKeyReplacementEmail(input: KeyReplacementInput): Mail {
  const ref = orderReference(input.orderId);
  const paragraphs = [
    `Hello ${input.customerName},`,
    `Thank you for reporting that your ${input.productTitle} licence key ending in ${input.oldKeyLastGroup} ` +
      'did not activate. We are sorry for the trouble. Here is your replacement key:',
    `Licence key: ${input.newKey}`,
    `The key ending in ${input.oldKeyLastGroup} no longer works: please use the new one. To activate it, ` +
      'open Word, Excel or any other included app and go to File > Account > Change Product Key.',
    `Your licence page (${input.publicUrl}/account) shows the new key too.`,
    `Questions? Reply to this e-mail or write to ${input.supportEmail}. Order reference: ${input.orderId}`,
  ];
  return {
    subject: `Your replacement licence key for order ${ref}`,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`,
  };
}
