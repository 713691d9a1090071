import type { components } from '@store/contracts';
import { moneyText } from '../common/MoneyInput';
import { fileOf, httpClient } from '../providers/dataProvider';

const API = '/api/admin';

export type Supplier = components['schemas']['SupplierDto'];
export type KeyBatch = components['schemas']['KeyBatchDto'];
export type RevokeResult = components['schemas']['RevokeKeyBatchResultDto'];

/** `POST /api/admin/key-batches/:id/revoke`, confirmed by the batch's invoice reference. */
export async function revokeKeyBatch(
  id: number,
  includeSold: boolean,
  confirm: string,
): Promise<RevokeResult> {
  const { json } = await httpClient(`${API}/key-batches/${id}/revoke`, {
    method: 'POST',
    body: JSON.stringify({ includeSold, confirm }),
  });
  return json as RevokeResult;
}

/** `GET /api/admin/key-batches/export.csv` with the list's filters (the token goes in a header). */
export function exportKeyBatches(filter: Record<string, unknown>): Promise<Blob> {
  const query = new URLSearchParams({ filter: JSON.stringify(filter) });
  return fileOf(`${API}/key-batches/export.csv?${query}`, 'The export could not be made');
}

/** What a batch is called in pickers: its supplier, invoice and (for admins, who alone see it) cost. */
export const batchLabel = (
  batch: Pick<KeyBatch, 'supplierName' | 'invoiceReference' | 'costPerKeyCents' | 'currency'>,
) =>
  [
    batch.supplierName,
    batch.invoiceReference,
    ...(batch.costPerKeyCents === undefined
      ? []
      : [`${moneyText(batch.costPerKeyCents, batch.currency)} ${batch.currency}`]),
  ].join(' · ');
