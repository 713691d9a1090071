const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as `$40.49`. */
export const formatMoney = (dollars: number) => USD.format(dollars);

/** The first 8 characters of an id. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '');

/** A date in the browser's locale. */
export const formatDate = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleDateString() : '';

export const formatDateTime = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleString() : '';

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
