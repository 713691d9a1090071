import type { MarginRow, SalesPeriod } from '@store/contracts';
import { httpClient } from '../providers/dataProvider';

const API = '/api/admin/reports';

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
}): Promise<SalesPeriod[]> {
  const params = new URLSearchParams({ from: query.from, to: query.to, interval: query.interval ?? 'day' });
  if (query.productId) params.set('productId', query.productId);
  const { json } = await httpClient(`${API}/sales?${params}`);
  return json as SalesPeriod[];
}

/** `GET /api/admin/reports/margins`: a row per product or per supplier. */
export async function getMargins(query: {
  from: string;
  to: string;
  groupBy: MarginGroup;
}): Promise<MarginRow[]> {
  const { json } = await httpClient(`${API}/margins?${new URLSearchParams(query)}`);
  return json as MarginRow[];
}
