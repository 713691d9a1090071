import { api } from '../../api/http';
import type { ContactFormValues } from './contactSchema';

/** `POST /api/contact`: stores the message and notifies support; answers the stored message's id. */
export function sendContactMessage(values: ContactFormValues): Promise<{ id: number }> {
  const { category, ...rest } = values;
  return api<{ id: number }>('/api/contact', {
    method: 'POST',
    body: category ? { ...rest, category } : rest,
  });
}
