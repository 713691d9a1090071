/** Shared by the Products page and the dashboard: how a product's stock figures read. */

/** Days of stock with one decimal, or "—" when nothing sold in 30 days (no rate to divide by). */
export const formatDaysOfStock = (days: number | null) =>
  days === null ? '—' : days.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** Below the product's low-stock level (0: the product has none). */
export const isLowStock = (available: number, threshold: number) => threshold > 0 && available < threshold;
