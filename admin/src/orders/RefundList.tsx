import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminRefund } from '@store/contracts';
import { formatDateTime, formatMoney } from '../common/format';
import { StatusChip } from '../common/StatusChip';

/** An order's refunds, oldest first; a failed one with why it failed. */
export const RefundList = ({ refunds }: { refunds: readonly AdminRefund[] }) =>
  refunds.length === 0 ? (
    <Typography variant="body2">No refunds</Typography>
  ) : (
    <Table size="small" aria-label="Refunds">
      <TableHead>
        <TableRow>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>By</TableCell>
          <TableCell>When</TableCell>
          <TableCell>Reason</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {refunds.map((refund) => (
          <TableRow key={refund.id}>
            <TableCell align="right">{formatMoney(refund.amountCents, refund.currency)}</TableCell>
            <TableCell>
              <StatusChip status={refund.status} />
            </TableCell>
            {/* A refund made at the provider (e.g. in Stripe's dashboard) has no staff member. */}
            <TableCell>{refund.staffUsername ?? 'Payment provider'}</TableCell>
            <TableCell>{formatDateTime(refund.createdAt)}</TableCell>
            <TableCell>
              {refund.reason}
              {refund.failureReason ? (
                <Typography variant="body2" color="error">
                  {refund.failureReason}
                </Typography>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
