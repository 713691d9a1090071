import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import {
  EditBase,
  Form,
  required,
  SaveButton,
  SelectInput,
  useCanAccess,
  useDataProvider,
  useEditContext,
  useRefresh,
  useSaveContext,
} from 'react-admin';
import { statusLabel, formatDateTime, formatMoney, languageName } from '../common/format';
import { productName } from '../common/products';
import { StatusChip } from '../common/StatusChip';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import { DisputePanel } from './DisputePanel';
import { RefundButton } from './RefundDialog';
import { OrderTimeline } from './OrderTimeline';
import { RefundList } from './RefundList';
import { HoldNotice } from './HoldNotice';
import { BusinessBuyer } from './BusinessBuyer';
import { InvoicesPanel } from './InvoicesPanel';
import { OrderMargin } from './OrderMargin';
import type { OrderDetail, RefundReason } from './types';

const REFUND_REASONS: Record<RefundReason, string> = {
  'order-cancelled': 'The payment arrived after this order had been cancelled.',
  'coupon-used-up':
    "The payment arrived after the order's coupon reservation had lapsed and the coupon had reached its cap.",
  'review-rejected':
    'It was rejected in the fraud review (or an early fraud warning came in) before delivery; its reserved keys went back to stock.',
  withdrawn:
    'The customer withdrew from the contract before delivery; the automatic refund was not confirmed by the provider.',
};

/** A paid order that was not delivered: staff must give the money back. */
export const RefundDueWarning = ({
  order,
}: {
  order: Pick<OrderDetail, 'refundDue' | 'totalCents' | 'currency'>;
}) =>
  order.refundDue ? (
    <Alert severity="warning" role="alert">
      <strong>Refund due: {formatMoney(order.totalCents, order.currency)} in full.</strong>{' '}
      {REFUND_REASONS[order.refundDue]} No licence keys were delivered and the customer has been told the
      payment will be refunded. Refund it in full with the Refund action: the payment provider gives the money
      back and the order is then marked refunded.
    </Alert>
  ) : null;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The values a status field offers: its current one, then those the server allows now. */
const choices = (current: string, allowed: readonly string[]) =>
  [current, ...allowed].map((id) => ({ id, name: statusLabel(id) }));

/** What the status form sends: the API takes these two fields of an order, nothing else. */
const statusChange = (data: Partial<OrderDetail>) => ({
  status: data.status,
  paymentStatus: data.paymentStatus,
});

/**
 * The order's two statuses, edited in the dialog's EditBase (its record, its pessimistic save): each field
 * offers only the moves `allowedTransitions` lists.
 */
const StatusManagement = ({ order }: { order: OrderDetail }) => {
  const allowed = order.allowedTransitions ?? { status: [], paymentStatus: [] };
  const { canAccess: canEdit } = useCanAccess({ resource: 'orders', action: 'edit' });
  const { save } = useSaveContext();

  if (!canEdit)
    return (
      <Stack direction="row" spacing={2}>
        <StatusChip status={order.status} />
        <StatusChip status={order.paymentStatus} />
      </Stack>
    );
  return (
    <Form onSubmit={(data: Partial<OrderDetail>) => void save?.(data)}>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <SelectInput
            source="status"
            label="Order status"
            choices={choices(order.status, allowed.status)}
            validate={required()}
            size="small"
            helperText={false}
            sx={{ minWidth: 160 }}
          />
          <SelectInput
            source="paymentStatus"
            label="Payment status"
            choices={choices(order.paymentStatus, allowed.paymentStatus)}
            validate={required()}
            size="small"
            helperText={false}
            sx={{ minWidth: 160 }}
          />
          <SaveButton label="Update Status" />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {allowed.status.length + allowed.paymentStatus.length === 0
            ? 'No status change is possible for this order now.'
            : 'Only the changes possible for this order now are offered.'}
          {order.status !== 'cancelled' && !allowed.status.includes('cancelled') && order.refundableCents > 0
            ? ' A paid order is cancelled by refunding it with the Refund action.'
            : ''}
        </Typography>
      </Stack>
    </Form>
  );
};

const ResendButton = ({ order }: { order: OrderDetail }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [sending, setSending] = useState(false);
  const { canAccess: canResend } = useCanAccess({ resource: 'orders', action: 'resend' });
  // An order owed a refund was paid but is never delivered: there is no delivery e-mail to send again.
  if (!canResend || order.paymentStatus !== 'completed' || order.refundDue) return null;
  const resend = async () => {
    setSending(true);
    try {
      await dataProvider.resendOrderEmail(order.id);
      toast('E-mail queued', `The delivery e-mail will be sent again to ${order.customerEmail}`);
      refresh();
    } catch (error) {
      toast('Resend failed', errorMessage(error, 'Failed to resend the e-mail'), 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void resend()} disabled={sending}>
      Resend e-mail
    </Button>
  );
};

/**
 * An order's detail and its status form: react-admin's EditBase reads the detail (`meta.detail`, apart from
 * the list's rows, which it would otherwise show first as the record) and saves pessimistically. Support
 * staff read it too (the list page checked them in), so EditBase's own "edit" access check is left off;
 * the form shows only to those who may edit.
 */
export const OrderDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const toast = useToast();
  const refresh = useRefresh();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="order-dialog-title">
      <DialogTitle id="order-dialog-title">Order {id.slice(0, 8)}</DialogTitle>
      <EditBase<OrderDetail>
        resource="orders"
        id={id}
        disableAuthentication
        mutationMode="pessimistic"
        // The dialog says so itself: no "not found" toast, no redirect.
        queryOptions={{ meta: { detail: true }, onError: () => undefined }}
        transform={statusChange}
        mutationOptions={{
          onSuccess: () => {
            toast('Order updated', 'Order status has been updated successfully');
            refresh();
          },
          onError: (error) => toast('Update failed', errorMessage(error, 'Failed to update order'), 'error'),
        }}
      >
        <OrderDetailContent onClose={onClose} />
      </EditBase>
    </Dialog>
  );
};

const OrderDetailContent = ({ onClose }: { onClose: () => void }) => {
  const { record: order, isPending, error } = useEditContext<OrderDetail>();
  return (
    <>
      <DialogContent dividers>
        {isPending ? <CircularProgress aria-label="Loading order" /> : null}
        {error ? <Alert severity="error">Failed to fetch orders</Alert> : null}
        {order ? (
          <Stack spacing={3}>
            <HoldNotice order={order} />
            <RefundDueWarning order={order} />
            <DisputePanel order={order} />
            <Section title="Customer Information">
              <Typography>{order.customerName}</Typography>
              <Typography>{order.customerEmail}</Typography>
              {order.billing ? (
                <Typography color="textSecondary" variant="body2">
                  {order.billing.address}, {order.billing.city} {order.billing.zipCode},{' '}
                  {order.billing.country}
                  {' · '}
                  {phoneOf(order.billing)}
                </Typography>
              ) : null}
              <BusinessBuyer order={order} />
            </Section>
            <Section title="Order Summary">
              <Typography variant="body2">Order ID: {order.id}</Typography>
              <Typography variant="body2">Date: {formatDateTime(order.createdAt)}</Typography>
              <Typography variant="body2">Language: {languageName(order.locale)}</Typography>
              {order.withdrawnAt ? (
                <Typography variant="body2">
                  Withdrawn by the customer: {formatDateTime(order.withdrawnAt)}
                </Typography>
              ) : null}
              <Typography variant="body2">
                Subtotal {formatMoney(order.subtotalCents, order.currency)} · Discount{' '}
                {formatMoney(order.discountCents, order.currency)}
                {order.couponCode ? ` (${order.couponCode})` : ''}
                {order.taxMode !== 'off'
                  ? ` · VAT ${order.taxCountry ?? ''} ${order.taxRate}%${order.taxMode === 'inclusive' ? ' (included)' : ''} ${formatMoney(order.taxCents, order.currency)}`
                  : ''}{' '}
                · Total <strong>{formatMoney(order.totalCents, order.currency)}</strong>
              </Typography>
              <Typography variant="body2">
                Payment: {order.paymentMethod ?? order.paymentProvider ?? '—'}
                {order.awaitingKeys ? ' · awaiting keys' : ''}
              </Typography>
            </Section>
            <Section title="Items">
              <Table size="small" aria-label="Items">
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell align="right">Quantity</TableCell>
                    <TableCell align="right">Price</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(order.orderItems ?? []).map((item) => (
                    <TableRow key={item.productId}>
                      <TableCell>{item.name}</TableCell>
                      <TableCell align="right">{item.quantity}</TableCell>
                      <TableCell align="right">{formatMoney(item.unitPriceCents, order.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Section>
            <Section title="Status Management">
              <StatusManagement key={`${order.status}/${order.paymentStatus}`} order={order} />
            </Section>
            <Section title="Refunds">
              <RefundList refunds={order.refunds ?? []} />
            </Section>
            <InvoicesPanel order={order} />
            <OrderMargin order={order} />
            <Section title="License Keys">
              {(order.licenseKeys ?? []).length === 0 ? (
                <Typography variant="body2">No license keys</Typography>
              ) : (
                <Table size="small" aria-label="License Keys">
                  <TableBody>
                    {order.licenseKeys.map((key) => (
                      <TableRow key={key.id}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{key.licenseKey}</TableCell>
                        <TableCell>{productName(key.productId)}</TableCell>
                        <TableCell>
                          {key.activationCount}/{key.activationLimit}
                        </TableCell>
                        <TableCell>
                          {/* A held order's keys are reserved, not delivered: decided in its review. */}
                          <StatusChip
                            status={
                              order.status === 'on_hold' && key.status === 'active' ? 'reserved' : key.status
                            }
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Section>
            <Section title="Downloads">
              {(order.downloads ?? []).length === 0 ? (
                <Typography variant="body2">No downloads</Typography>
              ) : (
                <Table size="small" aria-label="Downloads">
                  <TableBody>
                    {order.downloads.map((link) => (
                      <TableRow key={link.id}>
                        <TableCell>{link.fileName}</TableCell>
                        <TableCell>{productName(link.productId)}</TableCell>
                        <TableCell>
                          {link.downloadCount}/{link.maxDownloads}
                        </TableCell>
                        <TableCell>
                          <StatusChip status={link.isActive ? 'active' : 'inactive'} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Section>
            <Section title="E-mails">
              {(order.emails ?? []).length === 0 ? (
                <Typography variant="body2">No e-mails</Typography>
              ) : (
                <Table size="small" aria-label="E-mails">
                  <TableBody>
                    {order.emails.map((email) => (
                      <TableRow key={email.id}>
                        <TableCell>{email.subject}</TableCell>
                        <TableCell>{formatDateTime(email.createdAt)}</TableCell>
                        <TableCell>
                          <StatusChip status={email.status} />
                        </TableCell>
                        <TableCell>{email.attempts} attempt(s)</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Section>
            <Section title="Timeline">
              <OrderTimeline orderId={order.id} />
            </Section>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        {order ? <RefundButton order={order} /> : null}
        {order ? <ResendButton order={order} /> : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
};

/**
 * The buyer's phone: stored in E.164 (`+919876543210`) since #34, which already carries its code; an older
 * order's number was stored as typed, beside its code.
 */
function phoneOf(billing: { phoneCountryCode: string; phone: string }): string {
  return billing.phone.startsWith('+') ? billing.phone : `${billing.phoneCountryCode} ${billing.phone}`;
}
