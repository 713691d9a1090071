import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_CURRENCY, formatMoney } from '../common/format';

interface CurrencyNet {
  currency: string;
  netSalesCents: number;
}

/**
 * Net sales per currency sold in, added up by currency over the periods given (each in its own money, never
 * added across currencies), in the order the API lists currencies (the default first).
 */
export function netByCurrency(periods: readonly { byCurrency: readonly CurrencyNet[] }[]): CurrencyNet[] {
  const sums = new Map<string, number>();
  for (const period of periods)
    for (const { currency, netSalesCents } of period.byCurrency)
      sums.set(currency, (sums.get(currency) ?? 0) + netSalesCents);
  return [...sums].map(([currency, netSalesCents]) => ({ currency, netSalesCents }));
}

/**
 * Under a figure converted into the default currency (#35 §1): the currencies it was sold in, each in its
 * own money, and that the figure is converted at each day's ECB rate; or that some sales are left out of it
 * for want of a rate (`complete` false). Nothing when every sale was in the default currency.
 */
export function CurrencyBreakdown({
  byCurrency,
  complete,
}: {
  byCurrency: readonly CurrencyNet[];
  complete: boolean;
}) {
  if (complete && byCurrency.every((row) => row.currency === DEFAULT_CURRENCY)) return null;
  return (
    <>
      <Typography variant="caption" component="p">
        Converted into {DEFAULT_CURRENCY} at each day’s ECB rate. By currency:{' '}
        {byCurrency.map((row) => formatMoney(row.netSalesCents, row.currency)).join(' · ')}
      </Typography>
      {complete ? null : (
        <Typography variant="caption" component="p" sx={{ color: 'warning.main' }}>
          Some sales had no ECB rate for their day and are left out of the {DEFAULT_CURRENCY} figure: import
          the rates on the{' '}
          <Link component={RouterLink} to="/exchange-rates">
            Exchange rates
          </Link>{' '}
          page.
        </Typography>
      )}
    </>
  );
}
