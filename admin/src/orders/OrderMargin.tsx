import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../common/format';
import type { OrderDetail } from './types';

/**
 * What the order earned (#21 §3): paid less tax, less refunds (net of their tax), less what its keys cost.
 * The API sends it to admins only; for support the box is not shown.
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
              <TableCell align="right">{formatMoney(cents)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Margin</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatMoney(margin.marginCents)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {margin.keysWithoutCost > 0 ? (
        <Typography variant="caption" color="warning">
          {margin.keysWithoutCost === 1 ? '1 key has' : `${margin.keysWithoutCost} keys have`} no cost
          recorded (stored before supplier batches): the margin is higher than it was.
        </Typography>
      ) : null}
    </Box>
  );
};
