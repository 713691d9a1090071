import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { DashboardStats } from '@store/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_CURRENCY, formatMoney, shortId } from '../common/format';
import { heldFor, holdReasonLabel } from '../orders/holdReasons';

/** Orders held for review longer than HOLD_ALERT_AFTER_HOURS, oldest first; nothing when there are none. */
export const OverdueReviews = ({ orders }: { orders: DashboardStats['overdueReviews'] | undefined }) => {
  if (!orders?.length) return null;
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <strong>Held for review too long:</strong>{' '}
      <Link component={RouterLink} to="/reviews">
        open the review queue
      </Link>
      <Table size="small" aria-label="Orders held for review too long">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Held for</TableCell>
            <TableCell>Reasons</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell>{shortId(order.id)}</TableCell>
              <TableCell>{order.customerEmail}</TableCell>
              <TableCell align="right">{formatMoney(order.totalCents, DEFAULT_CURRENCY)}</TableCell>
              <TableCell>{heldFor(order.heldAt)}</TableCell>
              <TableCell>{order.holdReasons.map(holdReasonLabel).join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Alert>
  );
};
