import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { PageMeta } from '../components/PageMeta';
import { toast } from '../components/toast/toast';
import { clearAccessToken, readAccessToken, saveAccessToken } from '../features/account/accessToken';
import { fetchCustomerOrders, orderMoney, type CustomerOrder } from '../features/account/accountApi';
import { KeyReportDialog } from '../features/account/KeyReportDialog';
import { OrderDocuments } from '../features/account/OrderDocuments';
import { WithdrawalDialog } from '../features/account/WithdrawalDialog';
import { KEY_REPORT } from '../content/keyReport';
import { WITHDRAWAL, withdrawalTimeFormat } from '../content/withdrawal';
import { ApiError } from '../api/http';
import { formatMoney } from '../lib/money';
import {
  isRefundDue,
  KEY_STATE_LABELS,
  orderStateLabel,
  REFUND_DUE_TEXT,
  reviewingText,
} from '../lib/orderOutcome';
import { useStoreConfig } from '../lib/storeConfig';

type Load =
  | { state: 'loading' }
  | { state: 'expired' }
  | { state: 'failed' }
  | { state: 'ready'; orders: CustomerOrder[] };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'License key copied to clipboard' });
  } catch {
    toast({
      title: 'Copy failed',
      description: 'Select the key and copy it by hand.',
      variant: 'destructive',
    });
  }
}

type CustomerKey = CustomerOrder['licenseKeys'][number];

/** What became of the key's latest report, if any. */
function ReportState({ report }: { report: CustomerKey['report'] }) {
  if (!report) return null;
  if (report.status === 'open')
    return (
      <Typography variant="body2" color="textSecondary" sx={{ flexBasis: '100%' }}>
        {KEY_REPORT.openReport(dateFormat.format(new Date(report.createdAt)))}
      </Typography>
    );
  if (report.status === 'answered')
    return (
      <Alert severity="info" sx={{ flexBasis: '100%', whiteSpace: 'pre-wrap' }}>
        {KEY_REPORT.answered} {report.answer}
      </Alert>
    );
  return (
    <Typography variant="body2" color="textSecondary" sx={{ flexBasis: '100%' }}>
      {KEY_REPORT.replaced}
    </Typography>
  );
}

function OrderCard({
  order,
  token,
  onReport,
  onWithdraw,
}: {
  order: CustomerOrder;
  token: string;
  onReport: (key: CustomerKey) => void;
  onWithdraw: (order: CustomerOrder) => void;
}) {
  // Shown in words: "Order: cancelled" beside "Payment: completed" would read as if the shopper was charged
  // for nothing.
  const refundDue = isRefundDue(order);
  const { config } = useStoreConfig();
  return (
    <Paper component="article" variant="outlined" aria-label={`Order ${order.id.slice(0, 8)}`} sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Order {order.id.slice(0, 8)} · {dateFormat.format(new Date(order.createdAt))}
        </Typography>
        <Chip label={orderStateLabel(order)} size="small" color={refundDue ? 'warning' : 'default'} />
      </Stack>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {order.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')} · Total{' '}
        {formatMoney(orderMoney(order, order.totalCents))}
      </Typography>
      {order.withdrawnAt && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {WITHDRAWAL.withdrawnOn(
            withdrawalTimeFormat.format(new Date(order.withdrawnAt)),
            order.paymentStatus === 'refunded',
          )}
        </Alert>
      )}
      {refundDue && !order.withdrawnAt && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {REFUND_DUE_TEXT}
        </Alert>
      )}
      {order.status === 'on_hold' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {reviewingText(config?.holdReviewHours)}
        </Alert>
      )}
      {order.awaitingKeys && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Your payment is confirmed; your licence keys will follow by e-mail shortly.
        </Alert>
      )}
      {order.licenseKeys.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
            Licence keys
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {order.licenseKeys.map((key) => (
              <Box
                component="li"
                key={key.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, flexWrap: 'wrap' }}
              >
                <Box component="code" sx={{ fontSize: 16, letterSpacing: 1 }}>
                  {key.licenseKey}
                </Box>
                <Chip
                  label={KEY_STATE_LABELS[key.status] ?? key.status}
                  size="small"
                  color={key.status === 'active' ? 'success' : 'default'}
                />
                <Typography variant="body2" color="textSecondary">
                  Activations {key.activationCount}/{key.activationLimit}
                </Typography>
                {key.available ? (
                  <Button
                    size="small"
                    onClick={() => void copy(key.licenseKey)}
                    aria-label={`Copy licence key ${key.licenseKey}`}
                  >
                    Copy
                  </Button>
                ) : (
                  <Typography variant="body2" color="error">
                    This key can&apos;t be shown. <RouterLink to="/contact">Contact support</RouterLink> to
                    have it reissued.
                  </Typography>
                )}
                {key.canReport && key.available && (
                  <Button
                    size="small"
                    onClick={() => onReport(key)}
                    aria-label={KEY_REPORT.openLabel(key.licenseKey)}
                  >
                    {KEY_REPORT.open}
                  </Button>
                )}
                <ReportState report={key.report} />
              </Box>
            ))}
          </Box>
        </>
      )}
      {order.canWithdraw && (
        <Box sx={{ mt: 2 }}>
          <Button
            variant="outlined"
            color="error"
            onClick={() => onWithdraw(order)}
            aria-label={WITHDRAWAL.openLabel(order.id.slice(0, 8))}
          >
            {WITHDRAWAL.open}
          </Button>
        </Box>
      )}
      {order.downloads.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
            Downloads
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {order.downloads.map((d) => {
              const expired = d.expiresAt !== null && new Date(d.expiresAt) < new Date();
              const usable = d.isActive && !expired && d.downloadCount < d.maxDownloads;
              return (
                <Box
                  component="li"
                  key={d.url}
                  sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, flexWrap: 'wrap' }}
                >
                  <Button variant="outlined" size="small" href={d.url} disabled={!usable}>
                    Download for {d.platform}: {d.fileName}
                  </Button>
                  <Typography variant="body2" color="textSecondary">
                    {d.fileSize ? `${d.fileSize} · ` : ''}
                    {d.downloadCount}/{d.maxDownloads} downloads
                    {d.expiresAt
                      ? ` · ${expired ? 'expired' : 'expires'} ${dateFormat.format(new Date(d.expiresAt))}`
                      : ''}
                    {!d.isActive ? ' · inactive' : ''}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        </>
      )}
      <OrderDocuments order={order} token={token} />
    </Paper>
  );
}

/**
 * `/account?token=…`: the orders, keys and downloads of the customer the e-mailed link was sent to. The
 * token is moved from the address into the tab's storage as soon as it is read (history, shared screens and
 * Referer never see it again); a reload of `/account` uses the stored one.
 */
export function AccountPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromLink = params.get('token');
  const [token, setToken] = useState(() => fromLink ?? readAccessToken());
  // Another link opened in the same tab replaces the token (set while rendering, not in an effect).
  if (fromLink && fromLink !== token) setToken(fromLink);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Asking again after a report, so the page shows it.
  const [reloads, setReloads] = useState(0);
  const [reporting, setReporting] = useState<CustomerKey | null>(null);
  const [withdrawing, setWithdrawing] = useState<CustomerOrder | null>(null);

  useEffect(() => {
    if (!fromLink) return;
    saveAccessToken(fromLink);
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const search = rest.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true });
  }, [fromLink, params, navigate]);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetchCustomerOrders(token).then(
      (orders) => !cancelled && setLoad({ state: 'ready', orders }),
      (error: unknown) => {
        if (cancelled) return;
        const expired = error instanceof ApiError && error.status === 401;
        if (expired) clearAccessToken();
        setLoad({ state: expired ? 'expired' : 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, reloads]);

  const shown: Load = token ? load : { state: 'expired' };

  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageMeta title="Your licences" description="Your orders, licence keys and downloads." />
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        Your licences
      </Typography>
      {shown.state === 'loading' && <PageLoading label="Loading your orders" />}
      {shown.state === 'expired' && (
        <Alert severity="warning">
          This sign-in link has expired or is not valid. Links work for 30 minutes:{' '}
          <RouterLink to="/login">ask for a new one</RouterLink> with the e-mail address you used at checkout.
        </Alert>
      )}
      {shown.state === 'failed' && (
        <Alert severity="error">We couldn't load your orders. Please refresh the page.</Alert>
      )}
      {shown.state === 'ready' &&
        token &&
        (shown.orders.length === 0 ? (
          <Alert severity="info">There are no orders for this e-mail address yet.</Alert>
        ) : (
          <Stack spacing={3}>
            {shown.orders.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                token={token}
                onReport={setReporting}
                onWithdraw={setWithdrawing}
              />
            ))}
          </Stack>
        ))}
      {reporting && token && (
        <KeyReportDialog
          token={token}
          licenseKeyId={reporting.id}
          licenseKey={reporting.licenseKey}
          onClose={() => setReporting(null)}
          onReported={() => {
            setReporting(null);
            setReloads((n) => n + 1);
          }}
        />
      )}
      {withdrawing && token && (
        <WithdrawalDialog
          token={token}
          order={withdrawing}
          onClose={() => setWithdrawing(null)}
          onWithdrawn={() => {
            setWithdrawing(null);
            setReloads((n) => n + 1);
          }}
        />
      )}
    </Container>
  );
}
