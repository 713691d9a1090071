import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SalesPeriod } from '@store/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useCanAccess } from 'react-admin';
import { DEFAULT_CURRENCY, formatMoney } from '../common/format';
import { lazyView } from '../common/resource';
import { dayBefore, getSales } from './api';
import { CurrencyBreakdown, netByCurrency } from './CurrencyBreakdown';

const DAYS = 30;
const CHART_HEIGHT = 280;

/** The chart library is most of the dashboard's code: loaded with the figures, drawn once it is here. */
const SalesChart = lazyView(() => import('./SalesChart'), 'SalesChart');

/** Said while the API is still rolling up the sales made before an upgrade (a few minutes, once). */
export const StillComputingNotice = ({ show }: { show: boolean | undefined }) =>
  show ? (
    <Alert severity="info" sx={{ mb: 1 }}>
      Still adding up the sales made before the upgrade: the figures will be complete in a few minutes.
    </Alert>
  ) : null;

const asOf = (millis: number) =>
  new Date(millis).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The last `days` periods added up (converted into USD), and per currency. */
function total(periods: SalesPeriod[], days: number) {
  const last = periods.slice(-days);
  const sum = (pick: (p: SalesPeriod) => number) => last.reduce((s, p) => s + pick(p), 0);
  return {
    orders: sum((p) => p.orders),
    netSalesCents: sum((p) => p.netSalesCents),
    marginCents: sum((p) => p.marginCents),
    byCurrency: netByCurrency(last),
    complete: last.every((p) => p.conversion.complete),
  };
}

const Figures = ({ title, periods, days }: { title: string; periods: SalesPeriod[]; days: number }) => {
  const t = total(periods, days);
  return (
    <Box component="section" aria-label={title} sx={{ flex: '1 1 160px' }}>
      <Typography variant="subtitle2" component="h3" color="textSecondary">
        {title}
      </Typography>
      <Typography variant="h5" component="p">
        {formatMoney(t.netSalesCents, DEFAULT_CURRENCY)}
      </Typography>
      <Typography variant="body2">
        {t.orders.toLocaleString('en-US')} {t.orders === 1 ? 'order' : 'orders'} · margin{' '}
        {formatMoney(t.marginCents, DEFAULT_CURRENCY)}
      </Typography>
      <CurrencyBreakdown byCurrency={t.byCurrency} complete={t.complete} />
    </Box>
  );
};

/**
 * The dashboard's sales (#21 §4): today, the last 7 and 30 days (orders, net sales, margin after key
 * costs), and net sales and orders per day over 30 days, for the store or one product: the sales figures'
 * one definition (the API's reports/sales-figures.ts), as on the Net sales card.
 * Days are UTC, as the report counts them. Admins only (it shows what keys cost).
 */
export const SalesPanel = ({ products }: { products: { productId: string; title: string }[] }) => {
  const { canAccess } = useCanAccess({ resource: 'reports', action: 'list' });
  const [productId, setProductId] = useState('');
  const today = dayBefore(new Date(), 0);
  const query = useQuery({
    queryKey: ['reports', 'sales', today, productId],
    queryFn: () =>
      getSales({ from: dayBefore(new Date(`${today}T00:00:00Z`), DAYS - 1), to: today, productId }),
    enabled: canAccess === true,
    retry: false,
  });
  if (!canAccess) return null;
  const periods = query.data?.rows;

  return (
    <Card component="section" aria-label="Sales">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          <Typography variant="subtitle2" component="h2" color="textSecondary" sx={{ flex: 1 }}>
            Sales
          </Typography>
          <TextField
            select
            size="small"
            label="Product"
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">All products</MenuItem>
            {products.map((p) => (
              <MenuItem key={p.productId} value={p.productId}>
                {p.title}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {query.error ? <Alert severity="error">The sales figures could not be loaded</Alert> : null}
        <StillComputingNotice show={query.data?.stillComputing} />
        {!periods && !query.error ? <Skeleton variant="rounded" height={200} aria-busy="true" /> : null}
        {periods ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}>
              <Figures title="Today" periods={periods} days={1} />
              <Figures title="Last 7 days" periods={periods} days={7} />
              <Figures title="Last 30 days" periods={periods} days={DAYS} />
            </Box>
            <Box role="figure" aria-label="Net sales and orders per day">
              <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
                <SalesChart periods={periods} height={CHART_HEIGHT} />
              </Suspense>
            </Box>
            <Typography variant="caption">
              Net sales: gross sales less refunds, without tax (as the Net sales card counts them); margin is
              net sales less the keys’ cost. Days are UTC. As of {asOf(query.dataUpdatedAt)}.
            </Typography>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};
