import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { getToken } from './session';

/** `fetchJson` with the staff member's bearer token. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = getToken();
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
}

/** The admin API speaks ra-data-simple-rest's dialect (sort/range/filter, Content-Range). */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);
