import type { components } from '@store/contracts';
import { httpClient, namedFileOf } from '../providers/dataProvider';

const API = '/api/admin';

/** The returns' files: the EU One-Stop-Shop return, the UK VAT figures, the invoice register. */
export type TaxReturnFile = 'oss' | 'uk' | 'register';

/** `POST /api/admin/exchange-rates/import`: what the ECB's file held. */
export type RatesImport = components['schemas']['ImportExchangeRatesResultDto'];

/**
 * `GET /api/admin/tax/returns/<file>.csv?quarter=` (or `from`/`to`): the file and the name the API gives
 * it (the token goes in a header, so not a link). A refusal keeps the API's answer, whose message says
 * what to do (a missing rate: where to enter it).
 */
export function downloadTaxReturn(
  file: TaxReturnFile,
  query: Record<string, string>,
): Promise<{ blob: Blob; fileName: string | null }> {
  return namedFileOf(
    `${API}/tax/returns/${file}.csv?${new URLSearchParams(query).toString()}`,
    'The file could not be made',
  );
}

/** Sends the ECB's CSV (eurofxref.csv or eurofxref-hist.csv) as it is. */
export async function importEcbRates(file: File): Promise<RatesImport> {
  const { json } = await httpClient(`${API}/exchange-rates/import`, {
    method: 'POST',
    headers: new Headers({ Accept: 'application/json', 'Content-Type': 'text/csv' }),
    body: await file.text(),
  });
  return json as RatesImport;
}
