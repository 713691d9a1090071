import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@store/contracts';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { OverdueReviews } from './OverdueReviews';
import { CurrencyBreakdown } from '../reports/CurrencyBreakdown';
import { SalesPanel } from '../reports/SalesPanel';
import { DEFAULT_CURRENCY, formatMoney, shortId } from '../common/format';
import { formatDaysOfStock, isLowStock } from '../products/stock';
import { StatusChip } from '../common/StatusChip';
import type { AppDataProvider } from '../providers/dataProvider';

const count = (value: number) => value.toLocaleString('en-US');

/** When figures were computed: the time of day (the dashboard's are at most a minute old). */
const formatTime = (value: string) =>
  new Date(value).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * No answer from the API at all (the browser's fetch failed: offline, server down) or a proxy's "bad
 * gateway" family: not an error of the dashboard's, so it says so and offers to retry.
 */
function isUnreachable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status === 502 || status === 503 || status === 504;
}

const StatCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card component="section" aria-label={title} sx={{ flex: '1 1 220px' }}>
    <CardContent>
      <Typography variant="subtitle2" component="h2" color="textSecondary" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Figure = ({ children }: { children: ReactNode }) => (
  <Typography variant="h4" component="p">
    {children}
  </Typography>
);

const FIGURES = [
  'totalOrders',
  'activeLicenses',
  'totalDownloads',
  'completedOrders',
  'pendingOrders',
  'awaitingKeysOrders',
  'refundsDue',
] as const satisfies readonly (keyof DashboardStats)[];

/** A body with every figure and list: anything else (a proxy's page, a stub) shows nothing rather than failing. */
function hasFigures(body: unknown): body is DashboardStats {
  if (typeof body !== 'object' || body === null) return false;
  const stats = body as Record<string, unknown>;
  return (
    FIGURES.every((figure) => typeof stats[figure] === 'number') &&
    typeof (stats.sales as Record<string, unknown> | undefined)?.netSalesCents === 'number' &&
    Array.isArray((stats.sales as Record<string, unknown>).byCurrency) &&
    Array.isArray(stats.recentOrders) &&
    Array.isArray(stats.stock)
  );
}

/** A list of the back office filtered to one status. */
const listOf = (resource: string, status: string) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify({ status }))}`;

/** A count of what waits for staff, linked to its list when there is any. */
const WaitingCount = ({
  label,
  value,
  to,
  what,
}: {
  label: string;
  value: number;
  to: string;
  what: string;
}) => (
  <Box>
    <Typography variant="body2">{label}</Typography>
    <Figure>
      {value > 0 ? (
        <Link component={RouterLink} to={to} color="warning.main" aria-label={`${count(value)} ${what}`}>
          {count(value)}
        </Link>
      ) : (
        count(value)
      )}
    </Figure>
  </Box>
);

export const Dashboard = () => {
  // Through the data provider as react-admin calls it: a 401 signs out, a 403 asking for MFA enrolment
  // leads there. Asked once per visit (no retries), as the figures are at most seconds old anyway.
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard(),
    retry: false,
  });
  const data = hasFigures(query.data) ? query.data : undefined;
  const { error, isPending: loading, isFetching: retrying } = query;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Dashboard" />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Dashboard
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" disabled={retrying} onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {isUnreachable(error)
            ? 'The server cannot be reached: check your connection, then retry.'
            : 'Failed to fetch dashboard data'}
        </Alert>
      ) : null}
      {loading && !data ? (
        <Stack direction="row" spacing={2} aria-busy="true">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} variant="rounded" height={110} sx={{ flex: 1 }} />
          ))}
        </Stack>
      ) : null}
      {data ? (
        <Stack spacing={2}>
          <OverdueReviews orders={data.overdueReviews} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <StatCard title="Total Orders">
              <Figure>{count(data.totalOrders)}</Figure>
            </StatCard>
            <StatCard title="Net sales">
              <Figure>{formatMoney(data.sales.netSalesCents, DEFAULT_CURRENCY)}</Figure>
              <Typography variant="body2">
                Gross sales {formatMoney(data.sales.grossSalesCents, DEFAULT_CURRENCY)} · refunds{' '}
                {formatMoney(data.sales.refundsCents, DEFAULT_CURRENCY)}
              </Typography>
              <Typography variant="body2">
                Tax {formatMoney(data.sales.taxCents, DEFAULT_CURRENCY)} (not in net sales)
              </Typography>
              <CurrencyBreakdown
                byCurrency={data.sales.byCurrency}
                complete={data.sales.conversion.complete}
              />
              <Typography variant="caption">All time, as of {formatTime(data.sales.asOf)}</Typography>
            </StatCard>
            <StatCard title="Active Licenses">
              <Figure>{count(data.activeLicenses)}</Figure>
              {data.reservedLicenses > 0 ? (
                <Typography variant="caption">
                  {count(data.reservedLicenses)} reserved for held orders, not counted
                </Typography>
              ) : null}
            </StatCard>
            <StatCard title="Total Downloads">
              <Figure>{count(data.totalDownloads)}</Figure>
            </StatCard>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <StatCard title="Order Status">
              <Stack direction="row" spacing={4}>
                <Box>
                  <Typography variant="body2">Completed</Typography>
                  <Figure>{count(data.completedOrders)}</Figure>
                </Box>
                <Box>
                  <Typography variant="body2">Pending</Typography>
                  <Figure>{count(data.pendingOrders)}</Figure>
                </Box>
                <Box>
                  <Typography variant="body2">Refund due</Typography>
                  <Figure>
                    {data.refundsDue > 0 ? (
                      <Link
                        component={RouterLink}
                        to={`/orders?filter=${encodeURIComponent(JSON.stringify({ refundDue: true }))}`}
                        color="warning.main"
                        aria-label={`${count(data.refundsDue)} orders owed a refund`}
                      >
                        {count(data.refundsDue)}
                      </Link>
                    ) : (
                      count(data.refundsDue)
                    )}
                  </Figure>
                </Box>
              </Stack>
            </StatCard>
            <StatCard title="Waiting for staff">
              <Stack direction="row" spacing={4}>
                <WaitingCount
                  label="Key reports"
                  value={data.openKeyReports ?? 0}
                  to={listOf('key-reports', 'open')}
                  what="open key reports"
                />
                <WaitingCount
                  label="New messages"
                  value={data.newMessages ?? 0}
                  to={listOf('messages', 'new')}
                  what="new contact messages"
                />
              </Stack>
            </StatCard>
            <StatCard title="Inventory">
              <Typography variant="body2" sx={{ mb: 1 }}>
                Orders awaiting keys: <strong>{count(data.awaitingKeysOrders)}</strong>
              </Typography>
              <Table size="small" aria-label="Keys in stock">
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell align="right">Keys in stock</TableCell>
                    <TableCell align="right">Days of stock</TableCell>
                    <TableCell align="right">Orders waiting</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.stock.map((row) => (
                    <TableRow key={row.productId}>
                      <TableCell>{row.title}</TableCell>
                      <TableCell align="right">
                        {count(row.available)}
                        {row.stocked !== false && isLowStock(row.available, row.lowStockThreshold) ? (
                          <Typography component="span" color="warning" variant="body2" sx={{ ml: 1 }}>
                            Low stock
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right">{formatDaysOfStock(row.daysOfStock)}</TableCell>
                      <TableCell align="right">{count(row.waitingOrders)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </StatCard>
          </Box>
          <SalesPanel products={data.stock} />
          <StatCard title="Recent Orders">
            {data.recentOrders.length === 0 ? (
              <Typography>No recent orders</Typography>
            ) : (
              <Table size="small" aria-label="Recent Orders">
                <TableHead>
                  <TableRow>
                    <TableCell>Order ID</TableCell>
                    <TableCell>Customer</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Status</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.recentOrders.map((order) => (
                    <TableRow key={order.id}>
                      <TableCell>{shortId(order.id)}</TableCell>
                      <TableCell>{order.customerEmail}</TableCell>
                      <TableCell align="right">{formatMoney(order.totalCents, DEFAULT_CURRENCY)}</TableCell>
                      <TableCell>
                        <StatusChip status={order.status} />
                        {order.refundDue ? <StatusChip status="refund-due" /> : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </StatCard>
        </Stack>
      ) : null}
    </Box>
  );
};
