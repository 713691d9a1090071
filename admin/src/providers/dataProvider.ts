import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type GetListParams, type UpdateParams } from 'react-admin';
import { getToken, type StaffUser } from './session';

const API = '/api/admin';

/** `fetchJson` with the staff member's bearer token. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = getToken();
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
}

/**
 * The fields each resource accepts on PUT; the API refuses any other field (`forbidNonWhitelisted`), while
 * react-admin sends the whole record.
 */
const WRITABLE: Record<string, readonly string[]> = {
  orders: ['status', 'paymentStatus'],
  'license-keys': ['status'],
  downloads: ['isActive'],
  coupons: ['code', 'percentOff', 'active', 'startsAt', 'expiresAt', 'maxRedemptions'],
  messages: ['status'],
  staff: ['role', 'password'],
};

/** The writable fields that differ from the record as it was loaded. */
export function updatePayload(resource: string, params: Pick<UpdateParams, 'data' | 'previousData'>) {
  const writable = WRITABLE[resource] ?? [];
  const data = params.data as Record<string, unknown>;
  const previous = (params.previousData ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    writable
      .filter((field) => field in data && data[field] !== previous[field])
      .map((field) => [field, data[field] === '' ? null : data[field]]),
  );
}

export interface ImportResult {
  imported: number;
  duplicates: number;
  invalid: { line: number; reason: string }[];
  ordersCompleted?: number;
}

/** `POST /api/admin/me/mfa`: the new secret, not yet in force. */
export interface MfaEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** `POST /api/admin/me/mfa/confirm`. */
export interface MfaConfirmation {
  recoveryCodes: string[];
  token: string;
}

export interface AppDataProvider extends DataProvider {
  resendOrderEmail(orderId: string): Promise<unknown>;
  resendEmail(emailId: number | string): Promise<unknown>;
  importLicenseKeys(file: File): Promise<ImportResult>;
  getMe(): Promise<StaffUser>;
  startMfaEnrolment(): Promise<MfaEnrolment>;
  /**
   * Turns MFA on; the answer's ten recovery codes are never shown again. Every earlier session of the user
   * ends, the one that asked included: `token` is the session from now on.
   */
  confirmMfaEnrolment(code: string): Promise<MfaConfirmation>;
  resetUserMfa(userId: number | string): Promise<void>;
}

const base = simpleRestProvider(API, httpClient);

/**
 * ra-data-simple-rest with the routes' names mapped, PUT bodies trimmed to what changed, and lists past
 * 10,000 matches flagged: the API then sends `X-Total-Capped: true` and the total is a lower bound.
 */
export const dataProvider: AppDataProvider = {
  ...base,
  async getList(resource: string, params: GetListParams) {
    let capped = false;
    const capture = async (url: string, options?: fetchUtils.Options) => {
      const response = await httpClient(url, options);
      capped = response.headers.get('X-Total-Capped') === 'true';
      return response;
    };
    const result = await simpleRestProvider(API, capture).getList(resource, params);
    return capped ? { ...result, meta: { ...result.meta, totalCapped: true } } : result;
  },
  async update(resource, params) {
    const { json } = await httpClient(`${API}/${resource}/${encodeURIComponent(params.id)}`, {
      method: 'PUT',
      body: JSON.stringify(updatePayload(resource, params)),
    });
    return { data: json };
  },

  async resendOrderEmail(orderId) {
    const { json } = await httpClient(`${API}/orders/${encodeURIComponent(orderId)}/resend-email`, {
      method: 'POST',
    });
    return json;
  },
  async resendEmail(emailId) {
    const { json } = await httpClient(`${API}/emails/${encodeURIComponent(emailId)}/resend`, {
      method: 'POST',
    });
    return json;
  },
  async importLicenseKeys(file) {
    const body = new FormData();
    body.append('file', file);
    const { json } = await httpClient(`${API}/license-keys/import`, { method: 'POST', body });
    return json as ImportResult;
  },

  async getMe() {
    const { json } = await httpClient(`${API}/me`);
    return json as StaffUser;
  },
  async startMfaEnrolment() {
    const { json } = await httpClient(`${API}/me/mfa`, { method: 'POST' });
    return json as MfaEnrolment;
  },
  async confirmMfaEnrolment(code) {
    const { json } = await httpClient(`${API}/me/mfa/confirm`, {
      method: 'POST',
      body: JSON.stringify({ code }),
    });
    return json as MfaConfirmation;
  },
  async resetUserMfa(userId) {
    await httpClient(`${API}/staff/${encodeURIComponent(userId)}/mfa`, { method: 'DELETE' });
  },
};
