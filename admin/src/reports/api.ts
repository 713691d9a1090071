import type { MarginRow, SalesPeriod } from '@store/contracts';
import { BACKFILL_HEADER, httpClient } from '../providers/dataProvider';

const API = '/api/admin/reports';

/** The backfill that rolls up the sales made before an upgrade (the API's name for it). */
export const SALES_BACKFILL = 'sales-days';

/** A report's rows, and whether the API says it is still computing the sales made before an upgrade. */
export interface Report<T> {
  rows: T[];
  stillComputing: boolean;
}

async function report<T>(url: string): Promise<Report<T>> {
  const { json, headers } = await httpClient(url);
  return { rows: json as T[], stillComputing: headers.get(BACKFILL_HEADER) === SALES_BACKFILL };
}

export type SalesInterval = 'day' | 'week' | 'month';
export type MarginGroup = 'product' | 'supplier';

/** A UTC day `days` before `from` (0: that day), as `YYYY-MM-DD`. */
export function dayBefore(from: Date, days: number): string {
  return new Date(from.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** `GET /api/admin/reports/sales`: every period of the range (the empty ones at zero), oldest first. */
export async function getSales(query: {
  from: string;
  to: string;
  interval?: SalesInterval;
  productId?: string;
}): Promise<Report<SalesPeriod>> {
  const params = new URLSearchParams({ from: query.from, to: query.to, interval: query.interval ?? 'day' });
  if (query.productId) params.set('productId', query.productId);
  return report(`${API}/sales?${params}`);
}

/** `GET /api/admin/reports/margins`: a row per product or per supplier. */
export async function getMargins(query: {
  from: string;
  to: string;
  groupBy: MarginGroup;
}): Promise<Report<MarginRow>> {
  return report(`${API}/margins?${new URLSearchParams(query)}`);
}
