import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'react-admin';
import { formatDateTime, formatMoney } from '../common/format';
import { saveFile } from '../common/saveFile';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import type { OrderDetail } from './types';

/**
 * The order's invoice and credit notes (#20 §5), each downloadable as its PDF, for admins and support
 * alike. The invoice is issued when the payment is received; each refund (or a dispute lost) adds a
 * credit note.
 */
export const InvoicesPanel = ({ order }: { order: OrderDetail }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const creditNotes = order.creditNotes ?? [];

  const download = async (name: string, fetchPdf: () => Promise<Blob>) => {
    try {
      saveFile(await fetchPdf(), `${name}.pdf`);
    } catch (error) {
      toast('Download failed', errorMessage(error, 'The PDF could not be loaded'), 'error');
    }
  };

  return (
    <Box component="section" aria-label="Invoices">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Invoices
      </Typography>
      {order.invoiceNumber ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">Invoice {order.invoiceNumber}</Typography>
          <Button
            size="small"
            aria-label={`Download invoice ${order.invoiceNumber}`}
            onClick={() =>
              void download(`invoice-${order.invoiceNumber}`, () => dataProvider.getInvoicePdf(order.id))
            }
          >
            Download PDF
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2">
          {order.paidAt
            ? 'No invoice: this order was paid before invoices were issued.'
            : 'No invoice yet: invoices are issued when the payment is received.'}
        </Typography>
      )}
      {creditNotes.length ? (
        <Table size="small" aria-label="Credit notes">
          <TableBody>
            {creditNotes.map((note) => (
              <TableRow key={note.id}>
                <TableCell>Credit note {note.number}</TableCell>
                <TableCell>{formatDateTime(note.issuedAt)}</TableCell>
                <TableCell align="right">
                  {formatMoney(note.totalCents, order.currency)}
                  {note.taxCents ? ` (VAT ${formatMoney(note.taxCents, order.currency)})` : ''}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    aria-label={`Download credit note ${note.number}`}
                    onClick={() =>
                      void download(`credit-note-${note.number}`, () =>
                        dataProvider.getCreditNotePdf(order.id, note.id),
                      )
                    }
                  >
                    Download PDF
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
};
