const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 4049 → "$40.49": the API speaks integer cents; this is the one place they become dollars. */
export const formatMoney = (cents: number) => USD.format(cents / 100);

const USD_COMPACT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** 212345 → "$2.1K": an amount short enough for a chart's axis (its tooltip says it in full). */
export const formatMoneyCompact = (cents: number) => USD_COMPACT.format(cents / 100);

/** The first 8 characters of an id. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '');

/** A date in the browser's locale. */
export const formatDate = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleDateString() : '';

export const formatDateTime = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleString() : '';

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Words for the states whose name is not one already. */
const STATUS_LABELS: Record<string, string> = {
  // An order paid but not delivered (its `refundDue` is set): staff owe the shopper the whole payment.
  'refund-due': 'Refund due',
  partially_refunded: 'Partly refunded',
  on_hold: 'On hold',
  needs_response: 'Needs response',
  warning_needs_response: 'Inquiry: needs response',
  under_review: 'Under review',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
};

/** A status as the back office shows it (chips and status choices alike): "Fulfilled", "Partly refunded". */
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? capitalize(status);
