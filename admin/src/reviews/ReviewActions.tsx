import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { formatMoney, shortId } from '../common/format';
import { errorMessage, useToast } from '../common/toast';
import type { Order } from '../orders/types';
import type { AppDataProvider, ReviewDecision } from '../providers/dataProvider';

/** What each decision does (AdminReviewsService.decide), said before it is taken. */
export const decisionConsequences = (order: Order, decision: ReviewDecision) =>
  decision === 'approve'
    ? `Order ${shortId(order.id)} is delivered now: its reserved licence keys and download links are e-mailed to ${order.customerEmail}.`
    : `Order ${shortId(order.id)} is cancelled and refunded in full (${formatMoney(order.totalCents, order.currency)}) through the ` +
      `payment provider; its reserved keys go back to stock and ${order.customerEmail} is told by e-mail.`;

/**
 * The countries staff may choose the VAT of, approving an order held because its evidence of where the
 * buyer is disagreed or agreed on another country than the billing one: those the evidence gives, for an
 * order that was taxed; none otherwise. With VAT added, the server refuses one that would change what the
 * buyer owes (refundAndReorderOffer).
 */
export function taxCountryChoices(order: Order): string[] {
  if (!order.holdReasons?.includes('tax-evidence') || order.taxMode === 'off') return [];
  const { billingCountry, cardCountry, checkoutIpCountry } = order.evidence;
  return [...new Set([billingCountry, cardCountry, checkoutIpCountry].filter((c): c is string => !!c))];
}

/** Whether staff may tax a reverse-charged order held for its VAT number as a consumer's. */
export const consumerRateOffered = (order: Order) =>
  order.reverseCharge && !!order.holdReasons?.includes('vat-number-review');

/**
 * The server's refusal of a tax decision that would change what the buyer owes (VAT added): its message,
 * to offer "refund and ask the buyer to order again" in place of the approval; null for any other error.
 */
export function refundAndReorderOffer(error: unknown): string | null {
  const body = (error as { status?: number; body?: { refundAndReorder?: unknown; message?: unknown } } | null)
    ?.body;
  return body?.refundAndReorder === true && typeof body.message === 'string' ? body.message : null;
}

/** Approve or Reject, with a confirmation and an optional note kept on the order; admins only. */
export const ReviewButton = ({ decision }: { decision: ReviewDecision }) => {
  const order = useRecordContext<Order>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [taxCountry, setTaxCountry] = useState('');
  const [consumerRate, setConsumerRate] = useState(false);
  const [offer, setOffer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'reviews', action: decision });
  if (!order || !canAccess || order.status !== 'on_hold') return null;
  const label = decision === 'approve' ? 'Approve' : 'Reject';
  const countries = decision === 'approve' ? taxCountryChoices(order) : [];
  const offersConsumerRate = decision === 'approve' && consumerRateOffered(order);
  /** `as`: reject in place of the approval, when the server offered refund and re-order. */
  const decide = async (as: ReviewDecision = decision) => {
    setSending(true);
    try {
      const chosen = taxCountry && taxCountry !== order.taxCountry ? taxCountry : undefined;
      const tax =
        as === 'approve' ? { taxCountry: chosen, consumerRate: consumerRate || undefined } : undefined;
      const result = await dataProvider.reviewOrder(order.id, as, note.trim() || undefined, tax);
      toast(
        as === 'approve' ? 'Order approved' : 'Order rejected',
        as === 'approve'
          ? `The keys were e-mailed to ${order.customerEmail}`
          : result.refund?.status === 'failed'
            ? `The refund failed: ${result.refund.failureReason ?? 'try again with the Refund action'}`
            : offer
              ? `The payment is refunded; ask ${order.customerEmail} to order again`
              : `The payment is refunded and ${order.customerEmail} was told`,
        result.refund?.status === 'failed' ? 'error' : undefined,
      );
      setOpen(false);
      setOffer(null);
      refresh();
    } catch (error) {
      const refused = as === 'approve' ? refundAndReorderOffer(error) : null;
      if (refused) setOffer(refused);
      else toast(`${label} failed`, errorMessage(error, `Failed to ${decision} the order`), 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color={decision === 'approve' ? 'primary' : 'error'}
        onClick={() => {
          setOffer(null);
          setOpen(true);
        }}
        aria-label={`${label} order ${shortId(order.id)}`}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => !sending && setOpen(false)} aria-labelledby={`review-${order.id}`}>
        <DialogTitle id={`review-${order.id}`}>{label} this order?</DialogTitle>
        <DialogContent>
          <DialogContentText>{decisionConsequences(order, decision)}</DialogContentText>
          {countries.length > 1 && (
            <TextField
              select
              label="VAT of"
              value={taxCountry || order.taxCountry || ''}
              onChange={(event) => {
                setTaxCountry(event.target.value);
                setOffer(null);
              }}
              helperText={
                order.taxMode === 'exclusive'
                  ? 'The evidence does not place the buyer in the billing country: the country whose VAT applies. VAT was added: a rate that changes what the buyer owes means a refund and a new order.'
                  : 'The evidence does not place the buyer in the billing country: the country whose VAT the amount paid holds. Another than the billing country replaces the invoice.'
              }
              fullWidth
              margin="normal"
            >
              {countries.map((country) => (
                <MenuItem key={country} value={country}>
                  {country}
                </MenuItem>
              ))}
            </TextField>
          )}
          {offersConsumerRate && (
            <TextField
              select
              label="Tax as"
              value={consumerRate ? 'consumer' : 'reverse-charge'}
              onChange={(event) => {
                setConsumerRate(event.target.value === 'consumer');
                setOffer(null);
              }}
              helperText="VIES gave no company name for this VAT number: keep the reverse charge, or charge the consumer rate."
              fullWidth
              margin="normal"
            >
              <MenuItem value="reverse-charge">Reverse charge (as paid)</MenuItem>
              <MenuItem value="consumer">Consumer rate ({order.taxCountry})</MenuItem>
            </TextField>
          )}
          {offer && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {offer}
            </Alert>
          )}
          <TextField
            label="Note (staff only)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={sending}>
            Keep it held
          </Button>
          {offer ? (
            <Button
              onClick={() => void decide('reject')}
              disabled={sending}
              variant="contained"
              color="error"
            >
              Refund and ask the buyer to order again
            </Button>
          ) : (
            <Button
              onClick={() => void decide()}
              disabled={sending}
              variant="contained"
              color={decision === 'approve' ? 'primary' : 'error'}
            >
              {label}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
