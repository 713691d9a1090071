import type {
  CustomerKeyReport,
  CustomerOrder as ContractCustomerOrder,
  KeyReportRequest,
} from '@store/contracts';
import { api, apiFile } from '../../api/http';
import { DEFAULT_CURRENCY, type Currency } from '../../api/currencies';
import type { Money } from '../../lib/money';

/**
 * A customer's order with its keys (masked when `available` is false) and downloads, its invoice's number
 * once paid and its credit notes (one per refund): the API contract's. `currency`: every amount's (#35).
 */
export type CustomerOrder = ContractCustomerOrder & { currency?: Currency };

/** An amount of the order (its total, a credit note's) in its currency: USD for an order from before #35. */
export const orderMoney = (order: Pick<CustomerOrder, 'currency'>, cents: number): Money => ({
  cents,
  currency: order.currency ?? DEFAULT_CURRENCY,
});

/**
 * Asks for a sign-in link; the answer is the same whether or not the address has orders. `altcha` is a
 * solved challenge, sent when the store asked for one (`challengeRequired`).
 */
export const requestAccessLink = (email: string, altcha?: string) =>
  api<{ message: string }>('/api/account/link', {
    body: { email: email.trim() },
    headers: altcha ? { 'X-Altcha': altcha } : undefined,
  });

/** The orders of the customer the link's token belongs to. */
export const fetchCustomerOrders = (token: string) =>
  api<CustomerOrder[]>('/api/account/orders', { headers: { Authorization: `Bearer ${token}` } });

/** Reports that one of the customer's keys does not activate (the error seen, a screenshot optional). */
export const reportKey = (token: string, body: KeyReportRequest) =>
  api<CustomerKeyReport>('/api/account/key-reports', {
    body,
    headers: { Authorization: `Bearer ${token}` },
  });

/** Withdraws from an order whose keys were not delivered yet; answers the order as it now is. */
export const withdrawOrder = (token: string, orderId: string) =>
  api<CustomerOrder>(`/api/account/orders/${encodeURIComponent(orderId)}/withdrawal`, {
    body: { confirm: true },
    headers: { Authorization: `Bearer ${token}` },
  });

const orderPath = (orderId: string) => `/api/account/orders/${encodeURIComponent(orderId)}`;

/** The order's invoice as a PDF, and its file name. */
export const fetchInvoicePdf = (token: string, orderId: string) =>
  apiFile(`${orderPath(orderId)}/invoice.pdf`, { Authorization: `Bearer ${token}` });

/** One of the order's credit notes as a PDF, and its file name. */
export const fetchCreditNotePdf = (token: string, orderId: string, creditNoteId: string) =>
  apiFile(`${orderPath(orderId)}/credit-notes/${encodeURIComponent(creditNoteId)}.pdf`, {
    Authorization: `Bearer ${token}`,
  });
