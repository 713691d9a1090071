import type { components } from '@store/contracts';
import { httpClient } from '../providers/dataProvider';

const API = '/api/admin';

/** A row of `GET /api/admin/customers`: one per e-mail address that ordered. */
export type CustomerRow = components['schemas']['AdminCustomerRowDto'];
/** `GET /api/admin/customers/:email`: everything of one customer. */
export type Customer = components['schemas']['AdminCustomerDto'];

/** `POST /api/admin/customers/:email/access-link`: e-mails the customer their sign-in link. */
export async function sendAccessLink(email: string): Promise<void> {
  await httpClient(`${API}/customers/${encodeURIComponent(email)}/access-link`, { method: 'POST' });
}
