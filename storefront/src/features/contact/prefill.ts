import { applicationSubject, CONTACT_LIMITS, CONTACT_TOPICS } from '../../content/contact';
import { EMPTY_CONTACT_FORM, type ContactFormValues } from './contactSchema';

/**
 * The form's starting values from the address: `?role=<job title>` prefills an application subject;
 * `?topic=refund` / `?topic=privacy` preselect the subject and the category. Anything else: an empty form.
 */
export function contactPrefill(search: URLSearchParams): ContactFormValues {
  const role = search.get('role')?.replace(/\s+/g, ' ').trim();
  if (role) {
    const subject = applicationSubject(role).slice(0, CONTACT_LIMITS.subject);
    return { ...EMPTY_CONTACT_FORM, subject, category: 'general' };
  }
  const topic = search.get('topic');
  if (topic && Object.prototype.hasOwnProperty.call(CONTACT_TOPICS, topic)) {
    const { subject, category } = CONTACT_TOPICS[topic];
    return { ...EMPTY_CONTACT_FORM, subject, category };
  }
  return EMPTY_CONTACT_FORM;
}
