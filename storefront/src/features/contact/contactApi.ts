import { api } from '../../api/http';
import type { ContactFormValues } from './contactSchema';

/**
 * `POST /api/contact`: stores the message and notifies support; answers no id. `altcha` is a solved
 * challenge, sent when the store asked for one (`challengeRequired`).
 */
export function sendContactMessage(values: ContactFormValues, altcha?: string): Promise<{ received: true }> {
  const { category, ...rest } = values;
  return api<{ received: true }>('/api/contact', {
    method: 'POST',
    body: category ? { ...rest, category } : rest,
    headers: altcha ? { 'X-Altcha': altcha } : undefined,
  });
}
