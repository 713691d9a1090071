import { escapeHtml, singleLine, truncate } from '../emails/mail-text.js';
import type { ContactCategory } from './entities/message.entity.js';

/** The spec's labels of the contact form's categories. */
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  technical: 'Technical Support',
  billing: 'Billing & Orders',
  licensing: 'Licensing Questions',
  installation: 'Installation Help',
  general: 'General Inquiry',
};

export interface ContactDetails {
  id: number;
  name: string;
  email: string;
  subject: string;
  category: ContactCategory | null;
  message: string;
}

/**
 * The e-mail that tells support about a contact-form message. Everything the visitor typed is data: it is
 * escaped in the HTML part, and in the subject only as one line (the visitor's address goes in the body,
 * never in a header).
 */
export function contactNotification(contact: ContactDetails): {
  subject: string;
  text: string;
  html: string;
} {
  const category = contact.category ? CONTACT_CATEGORY_LABELS[contact.category] : 'Not specified';
  const subject = truncate(`Contact form #${contact.id}: ${singleLine(contact.subject)}`, 255);
  const fields: [string, string][] = [
    ['Name', contact.name],
    ['Email', contact.email],
    ['Category', category],
    ['Subject', contact.subject],
  ];

  const text = [
    `New message from the contact form (#${contact.id}).`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    contact.message,
    '',
    `Reply to ${contact.email} directly; this notification came from the store's mailer.`,
    '',
  ].join('\n');

  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1f2937">
<p>New message from the contact form (#${contact.id}).</p>
<table style="border-collapse:collapse">
${rows}
</table>
<p><strong>Message:</strong></p>
<div style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(contact.message)}</div>
<p style="color:#6b7280">Reply to the visitor's address directly; this notification came from the store's mailer.</p>
</body></html>
`;
  return { subject, text, html };
}
