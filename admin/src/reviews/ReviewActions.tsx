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
    : `Order ${shortId(order.id)} is cancelled and refunded in full (${formatMoney(order.totalCents)}) through the ` +
      `payment provider; its reserved keys go back to stock and ${order.customerEmail} is told by e-mail.`;

/**
 * The countries staff may choose the VAT of, approving an order held because its evidence of where the
 * buyer is disagreed: those the evidence gives, for an order whose prices included VAT (the server's rule,
 * AdminReviewsService); none otherwise.
 */
export function taxCountryChoices(order: Order): string[] {
  if (!order.holdReasons?.includes('tax-evidence') || order.taxMode !== 'inclusive') return [];
  const { billingCountry, cardCountry, checkoutIpCountry } = order.evidence;
  return [...new Set([billingCountry, cardCountry, checkoutIpCountry].filter((c): c is string => !!c))];
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
  const [sending, setSending] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'reviews', action: decision });
  if (!order || !canAccess || order.status !== 'on_hold') return null;
  const label = decision === 'approve' ? 'Approve' : 'Reject';
  const countries = decision === 'approve' ? taxCountryChoices(order) : [];
  const decide = async () => {
    setSending(true);
    try {
      const chosen = taxCountry && taxCountry !== order.taxCountry ? taxCountry : undefined;
      const result = await dataProvider.reviewOrder(order.id, decision, note.trim() || undefined, chosen);
      toast(
        decision === 'approve' ? 'Order approved' : 'Order rejected',
        decision === 'approve'
          ? `The keys were e-mailed to ${order.customerEmail}`
          : result.refund?.status === 'failed'
            ? `The refund failed: ${result.refund.failureReason ?? 'try again with the Refund action'}`
            : `The payment is refunded and ${order.customerEmail} was told`,
        result.refund?.status === 'failed' ? 'error' : undefined,
      );
      setOpen(false);
      refresh();
    } catch (error) {
      toast(`${label} failed`, errorMessage(error, `Failed to ${decision} the order`), 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color={decision === 'approve' ? 'primary' : 'error'}
        onClick={() => setOpen(true)}
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
              onChange={(event) => setTaxCountry(event.target.value)}
              helperText="The evidence disagreed: the country whose VAT the amount paid holds. Another than the billing country replaces the invoice."
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
          <Button
            onClick={() => void decide()}
            disabled={sending}
            variant="contained"
            color={decision === 'approve' ? 'primary' : 'error'}
          >
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
