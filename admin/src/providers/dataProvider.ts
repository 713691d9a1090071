import type {
  AdminDispute,
  AdminRefund,
  components,
  DashboardStats,
  OrderNote,
  OrderTimeline,
  RefundRequest,
} from '@store/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider, type GetListParams, type UpdateParams } from 'react-admin';
import { getToken, type StaffUser } from './session';
import { STEP_UP_HEADER, withStepUp } from './stepUp';

const API = '/api/admin';

/**
 * `fetchJson` with the staff member's bearer token; a change the API says needs step-up is sent again
 * once the user has confirmed (withStepUp).
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = getToken();
  return withStepUp((stepUpToken) => {
    let headers = options.headers;
    if (stepUpToken) {
      headers = new Headers(options.headers ?? { Accept: 'application/json' });
      headers.set(STEP_UP_HEADER, stepUpToken);
    }
    return fetchUtils.fetchJson(url, {
      ...options,
      ...(headers ? { headers } : {}),
      ...(token ? { user: { authenticated: true, token: `Bearer ${token}` } } : {}),
    });
  });
}

/**
 * The fields each resource accepts on PUT, by resource name; the API refuses any other field
 * (`forbidNonWhitelisted`), while react-admin sends the whole record. From the resources' definitions
 * (src/resources.ts).
 */
export type WritableFields = Readonly<Record<string, readonly string[]>>;

/** The writable fields that differ from the record as it was loaded. */
export function updatePayloadOf(writableFields: WritableFields) {
  return (resource: string, params: Pick<UpdateParams, 'data' | 'previousData'>) => {
    const writable = writableFields[resource] ?? [];
    const data = params.data as Record<string, unknown>;
    const previous = (params.previousData ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      writable
        .filter((field) => field in data && data[field] !== previous[field])
        .map((field) => [field, data[field] === '' ? null : data[field]]),
    );
  };
}

type Schemas = components['schemas'];

/** `POST /api/admin/license-keys/import`: the counts, and the rows skipped with why. */
export type ImportResult = Schemas['ImportLicenseKeysResultDto'];

/** `POST /api/admin/me/mfa`: the new secret, not yet in force. */
export type MfaEnrolment = Schemas['MfaEnrolmentDto'];

/** A staff member's enrolment code, as creating the account or resetting its factor answers it once. */
export type EnrolmentCode = Schemas['EnrolmentCodeDto'];

/** `POST /api/admin/me/mfa/confirm`. */
export type MfaConfirmation = Schemas['MfaConfirmedDto'];

/** `GET /api/admin/me/mfa/recovery-codes`. */
export type RecoveryCodesLeft = Schemas['RecoveryCodesLeftDto'];

/** A staff account as `/api/admin/staff` answers it. */
type StaffMember = Schemas['AdminStaffMemberDto'];

/** A customer's report of a key that does not activate. */
export type KeyReport = Schemas['AdminKeyReportDto'];

/** `POST /api/admin/orders/:id/review`: staff's decision on an order held for review, and its outcome. */
export type ReviewDecision = Schemas['ReviewDecisionDto']['decision'];
export type ReviewResult = Schemas['ReviewResultDto'];

export interface AppDataProvider extends DataProvider {
  /** `GET /api/admin/dashboard`: the figures, computed at most a few seconds ago. */
  getDashboard(): Promise<DashboardStats>;
  resendOrderEmail(orderId: string): Promise<unknown>;
  /**
   * `POST /api/admin/orders/:id/refunds`: money back through the payment provider. The same
   * `idempotencyKey` again answers the same refund (one per dialog opening, so a double click refunds once).
   */
  refundOrder(orderId: string, request: RefundRequest, idempotencyKey: string): Promise<AdminRefund>;
  /** `GET /api/admin/orders/:id/timeline`: the order's story, oldest first. */
  getOrderTimeline(orderId: string): Promise<OrderTimeline>;
  /** `POST /api/admin/orders/:id/notes`: an internal note (admin and support). */
  addOrderNote(orderId: string, body: string): Promise<OrderNote>;
  resendEmail(emailId: number | string): Promise<unknown>;
  /**
   * Approves (delivers now) or rejects (refunds in full) an order held for review. `tax` (approve only):
   * `taxCountry`, the country whose VAT applies to an order held for its tax evidence; `consumerRate`, a
   * reverse-charged order taxed as a consumer's. One that would change what the buyer owes is refused with
   * a 409 whose body says `refundAndReorder` (see refundAndReorderOffer).
   */
  reviewOrder(
    orderId: string,
    decision: ReviewDecision,
    note?: string,
    tax?: Pick<Schemas['ReviewDecisionDto'], 'taxCountry' | 'consumerRate'>,
  ): Promise<ReviewResult>;
  /** `POST /api/admin/license-keys/import[?batchId=]`: the keys go into that supplier batch, at its cost. */
  importLicenseKeys(file: File, batchId?: number): Promise<ImportResult>;
  getMe(): Promise<StaffUser>;
  /** `enrolmentCode`: what the administrator handed over (required once STAFF_MFA_REQUIRED gave one). */
  startMfaEnrolment(enrolmentCode?: string): Promise<MfaEnrolment>;
  /**
   * Turns MFA on; the answer's ten recovery codes are never shown again. Every earlier session of the user
   * ends, the one that asked included: `token` is the session from now on.
   */
  confirmMfaEnrolment(code: string): Promise<MfaConfirmation>;
  /**
   * `DELETE /api/admin/staff/:id/mfa` (step-up): the factor is off, and with STAFF_MFA_REQUIRED the answer
   * carries the user's new enrolment code, shown this once.
   */
  resetUserMfa(userId: number | string): Promise<EnrolmentCode>;
  /** `POST /api/admin/staff/:id/deactivate`: cannot sign in, sessions end (not yourself, not the last admin). */
  deactivateUser(userId: number | string): Promise<StaffMember>;
  /** `POST /api/admin/staff/:id/reactivate` (step-up): can sign in again. */
  reactivateUser(userId: number | string): Promise<StaffMember>;
  /** `GET /api/admin/me/mfa/recovery-codes`: how many of the user's recovery codes are left. */
  getRecoveryCodesLeft(): Promise<RecoveryCodesLeft>;
  /** `POST /api/admin/me/mfa/recovery-codes` (step-up): a new set, shown once; the old codes stop working. */
  regenerateRecoveryCodes(): Promise<string[]>;
  /** `POST /api/admin/key-reports/:id/replacement`: a key from stock in place of the reported one. */
  replaceReportedKey(reportId: number | string): Promise<KeyReport>;
  /** `GET /api/admin/key-reports/:id/screenshot`: the image (the token goes in a header, not an img src). */
  getKeyReportScreenshot(reportId: number | string): Promise<Blob>;
  /** `GET /api/admin/orders/:id/disputes/:disputeId/evidence`: the evidence pack, as a PDF or JSON file. */
  getDisputeEvidence(orderId: string, disputeId: string, format: 'pdf' | 'json'): Promise<Blob>;
  /** `POST …/disputes/:disputeId/evidence`: sends the pack to the payment provider and submits it. */
  submitDisputeEvidence(orderId: string, disputeId: string): Promise<AdminDispute>;
  /** `POST …/disputes/:disputeId/restore-keys`: after a dispute won, the keys it revoked work again. */
  restoreDisputeKeys(orderId: string, disputeId: string): Promise<{ restored: number }>;
  /** `GET /api/admin/orders/:id/invoice.pdf`: the order's invoice. */
  getInvoicePdf(orderId: string): Promise<Blob>;
  /** `GET /api/admin/orders/:id/credit-notes/:creditNoteId.pdf`: one of its credit notes. */
  getCreditNotePdf(orderId: string, creditNoteId: string): Promise<Blob>;
}

/**
 * Sent by the API, naming a backfill, with an answer that may be incomplete until that backfill is done
 * (after an upgrade, in the background: `license-key-search-terms`, `sales-days`).
 */
export const BACKFILL_HEADER = 'X-Backfill-Running';

/**
 * ra-data-simple-rest with the routes' names mapped, PUT bodies trimmed to the writable fields that changed,
 * and lists past 10,000 matches flagged: the API then sends `X-Total-Capped: true` and the total is a lower
 * bound (`meta.totalCapped`). A list the API says may be incomplete names the backfill still running in
 * `meta.backfillRunning`.
 */
export function createDataProvider(writableFields: WritableFields): AppDataProvider {
  const updatePayload = updatePayloadOf(writableFields);
  return {
    ...simpleRestProvider(API, httpClient),
    async getList(resource: string, params: GetListParams) {
      let capped = false;
      let backfill = null as string | null;
      const capture = async (url: string, options?: fetchUtils.Options) => {
        const response = await httpClient(url, options);
        capped = response.headers.get('X-Total-Capped') === 'true';
        backfill = response.headers.get(BACKFILL_HEADER);
        return response;
      };
      const result = await simpleRestProvider(API, capture).getList(resource, params);
      const meta: Record<string, unknown> = { ...result.meta };
      if (capped) meta.totalCapped = true;
      if (backfill) meta.backfillRunning = backfill;
      return capped || backfill ? { ...result, meta } : result;
    },
    async update(resource, params) {
      const { json } = await httpClient(`${API}/${resource}/${encodeURIComponent(params.id)}`, {
        method: 'PUT',
        body: JSON.stringify(updatePayload(resource, params)),
      });
      return { data: json };
    },

    async getDashboard() {
      const { json } = await httpClient(`${API}/dashboard`, {
        headers: new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' }),
      });
      return json as DashboardStats;
    },

    async resendOrderEmail(orderId) {
      const { json } = await httpClient(`${API}/orders/${encodeURIComponent(orderId)}/resend-email`, {
        method: 'POST',
      });
      return json;
    },
    async refundOrder(orderId, request, idempotencyKey) {
      const { json } = await httpClient(`${API}/orders/${encodeURIComponent(orderId)}/refunds`, {
        method: 'POST',
        headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': idempotencyKey }),
        body: JSON.stringify(request),
      });
      return json as AdminRefund;
    },
    async getOrderTimeline(orderId) {
      const { json } = await httpClient(`${API}/orders/${encodeURIComponent(orderId)}/timeline`);
      return json as OrderTimeline;
    },
    async addOrderNote(orderId, body) {
      const { json } = await httpClient(`${API}/orders/${encodeURIComponent(orderId)}/notes`, {
        method: 'POST',
        body: JSON.stringify({ body }),
      });
      return json as OrderNote;
    },
    async resendEmail(emailId) {
      const { json } = await httpClient(`${API}/emails/${encodeURIComponent(emailId)}/resend`, {
        method: 'POST',
      });
      return json;
    },
    async reviewOrder(orderId, decision, note, tax) {
      const { json } = await httpClient(`${API}/orders/${encodeURIComponent(orderId)}/review`, {
        method: 'POST',
        body: JSON.stringify({
          decision,
          ...(note && { note }),
          ...(tax?.taxCountry && { taxCountry: tax.taxCountry }),
          ...(tax?.consumerRate && { consumerRate: true }),
        }),
      });
      return json as ReviewResult;
    },
    async importLicenseKeys(file, batchId) {
      const body = new FormData();
      body.append('file', file);
      const query = batchId === undefined ? '' : `?batchId=${batchId}`;
      const { json } = await httpClient(`${API}/license-keys/import${query}`, { method: 'POST', body });
      return json as ImportResult;
    },

    async getMe() {
      const { json } = await httpClient(`${API}/me`);
      return json as StaffUser;
    },
    async startMfaEnrolment(enrolmentCode) {
      const { json } = await httpClient(`${API}/me/mfa`, {
        method: 'POST',
        body: JSON.stringify(enrolmentCode ? { enrolmentCode } : {}),
      });
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
      const { json } = await httpClient(`${API}/staff/${encodeURIComponent(userId)}/mfa`, {
        method: 'DELETE',
      });
      return json as EnrolmentCode;
    },
    async deactivateUser(userId) {
      const { json } = await httpClient(`${API}/staff/${encodeURIComponent(userId)}/deactivate`, {
        method: 'POST',
      });
      return json as StaffMember;
    },
    async reactivateUser(userId) {
      const { json } = await httpClient(`${API}/staff/${encodeURIComponent(userId)}/reactivate`, {
        method: 'POST',
      });
      return json as StaffMember;
    },
    async getRecoveryCodesLeft() {
      const { json } = await httpClient(`${API}/me/mfa/recovery-codes`);
      return json as RecoveryCodesLeft;
    },
    async regenerateRecoveryCodes() {
      const { json } = await httpClient(`${API}/me/mfa/recovery-codes`, { method: 'POST' });
      return (json as { recoveryCodes: string[] }).recoveryCodes;
    },

    async replaceReportedKey(reportId) {
      const { json } = await httpClient(`${API}/key-reports/${encodeURIComponent(reportId)}/replacement`, {
        method: 'POST',
      });
      return json as KeyReport;
    },
    getKeyReportScreenshot(reportId) {
      return fileOf(
        `${API}/key-reports/${encodeURIComponent(reportId)}/screenshot`,
        'The screenshot could not be loaded',
      );
    },
    getDisputeEvidence(orderId, disputeId, format) {
      return fileOf(
        `${disputeUrl(orderId, disputeId)}/evidence?format=${format}`,
        'The evidence pack could not be loaded',
      );
    },
    async submitDisputeEvidence(orderId, disputeId) {
      const { json } = await httpClient(`${disputeUrl(orderId, disputeId)}/evidence`, { method: 'POST' });
      return json as AdminDispute;
    },
    async restoreDisputeKeys(orderId, disputeId) {
      const { json } = await httpClient(`${disputeUrl(orderId, disputeId)}/restore-keys`, { method: 'POST' });
      return json as { restored: number };
    },
    getInvoicePdf(orderId) {
      return fileOf(`${orderUrl(orderId)}/invoice.pdf`, 'The invoice could not be loaded');
    },
    getCreditNotePdf(orderId, creditNoteId) {
      return fileOf(
        `${orderUrl(orderId)}/credit-notes/${encodeURIComponent(creditNoteId)}.pdf`,
        'The credit note could not be loaded',
      );
    },
  };
}

/**
 * A file the API answers (a PDF, an image), fetched with the staff member's token in a header, as a link
 * or an img src could not send it. A refusal is an HttpError named by `failure` and its status, carrying
 * the API's JSON answer (its `message` says why: errorMessage).
 */
export async function fileOf(url: string, failure: string): Promise<Blob> {
  return (await namedFileOf(url, failure)).blob;
}

/** The name a file answer gives itself (`Content-Disposition: attachment; filename="…"`), or null. */
export function attachmentName(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
}

/** fileOf, with the name the server gave the file (null when it gave none). */
export function namedFileOf(url: string, failure: string): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getToken();
  return withStepUp(async (stepUpToken) => {
    const response = await fetch(url, {
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {}),
      },
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new HttpError(`${failure} (${response.status})`, response.status, body);
    }
    return { blob: await response.blob(), fileName: attachmentName(response) };
  });
}

const orderUrl = (orderId: string) => `${API}/orders/${encodeURIComponent(orderId)}`;

const disputeUrl = (orderId: string, disputeId: string) =>
  `${orderUrl(orderId)}/disputes/${encodeURIComponent(disputeId)}`;
