import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../common/format';
import type { OrderDetail } from './types';

/**
 * What the order earned (#21 §3): paid less tax, less refunds (net of their tax), less what its keys cost,
 * in the order's currency (keys bought in another converted at the ECB rate of the payment's day). The API
 * sends it to admins only; for support the box is not shown.
 */
export const OrderMargin = ({ order }: { order: OrderDetail }) => {
  const margin = order.margin;
  if (!margin) return null;
  const rows: [string, number][] = [
    ['Paid', margin.revenueCents],
    ['Tax', -margin.taxCents],
    ['Refunded (without tax)', -(margin.refundsCents - margin.refundTaxCents)],
    ['Keys’ cost', -margin.keyCostCents],
  ];
  return (
    <Box component="section" aria-label="Margin">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Margin
      </Typography>
      <Table size="small" aria-label="Margin figures">
        <TableBody>
          {rows.map(([label, cents]) => (
            <TableRow key={label}>
              <TableCell>{label}</TableCell>
              <TableCell align="right">{formatMoney(cents, margin.currency)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Margin</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatMoney(margin.marginCents, margin.currency)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {margin.keyCostRateDate ? (
        <Typography variant="caption" component="p">
          Keys bought in another currency converted at the ECB rate of {margin.keyCostRateDate}.
        </Typography>
      ) : null}
      {margin.keysWithoutRate > 0 ? (
        <Typography variant="caption" component="p" color="warning">
          {margin.keysWithoutRate === 1 ? '1 key was' : `${margin.keysWithoutRate} keys were`} bought in
          another currency with no exchange rate for the payment’s day: its cost is left out, so the margin is
          higher than it was. Enter the rates under Exchange rates.
        </Typography>
      ) : null}
      {margin.keysWithoutCost > 0 ? (
        <Typography variant="caption" color="warning">
          {margin.keysWithoutCost === 1 ? '1 key has' : `${margin.keysWithoutCost} keys have`} no cost
          recorded (stored before supplier batches): the margin is higher than it was.
        </Typography>
      ) : null}
    </Box>
  );
};
