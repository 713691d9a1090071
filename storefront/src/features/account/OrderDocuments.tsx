import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { toast } from '../../components/toast/toast';
import { invoiceCopy } from '../../content/tax';
import { formatMoney } from '../../lib/money';
import { saveFile } from '../../lib/saveFile';
import { fetchCreditNotePdf, fetchInvoicePdf, orderMoney, type CustomerOrder } from './accountApi';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * An order's invoice (issued when it was paid) and its credit notes (one per refund) as PDF downloads, fetched
 * with the licence page's access token: a plain link could not send it.
 */
export function OrderDocuments({ order, token }: { order: CustomerOrder; token: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const { creditNotes } = order;
  if (!order.invoiceNumber && creditNotes.length === 0) return null;

  const download = async (
    key: string,
    fallbackName: string,
    fetchPdf: () => ReturnType<typeof fetchInvoicePdf>,
  ) => {
    setBusy(key);
    try {
      const { blob, filename } = await fetchPdf();
      saveFile(blob, filename ?? fallbackName);
    } catch (error) {
      const reason =
        error instanceof ApiError && error.messages.length > 0 ? error.message : invoiceCopy.failedFallback;
      toast({ title: invoiceCopy.failed, description: reason, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
        {invoiceCopy.heading}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {order.invoiceNumber && (
          <Box component="li" sx={{ py: 1 }}>
            <Button
              variant="outlined"
              size="small"
              disabled={busy !== null}
              onClick={() =>
                void download('invoice', `invoice-${order.invoiceNumber}.pdf`, () =>
                  fetchInvoicePdf(token, order.id),
                )
              }
            >
              {invoiceCopy.downloadInvoice(order.invoiceNumber)}
            </Button>
          </Box>
        )}
        {creditNotes.map((note) => (
          <Box
            component="li"
            key={note.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, flexWrap: 'wrap' }}
          >
            <Button
              variant="outlined"
              size="small"
              disabled={busy !== null}
              onClick={() =>
                void download(note.id, `credit-note-${note.number}.pdf`, () =>
                  fetchCreditNotePdf(token, order.id, note.id),
                )
              }
            >
              {invoiceCopy.downloadCreditNote(note.number)}
            </Button>
            <Typography variant="body2" color="textSecondary">
              {invoiceCopy.creditNoteDetail(
                dateFormat.format(new Date(note.issuedAt)),
                formatMoney(orderMoney(order, note.totalCents)),
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
