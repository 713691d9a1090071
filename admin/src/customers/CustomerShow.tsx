import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Show, useCanAccess, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { formatAmounts, formatDateTime, formatMoney, shortId, statusLabel } from '../common/format';
import { StatusChip } from '../common/StatusChip';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import { sendAccessLink, type Customer } from './api';
import { countOf } from '@store/contracts';

/** One section of the customer's page: a heading and a table of `rows`, or a line saying there are none. */
function Section<T>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: T[];
  columns: [string, (row: T) => ReactNode][];
}) {
  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          None
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map(([label]) => (
                  <TableCell key={label}>{label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={i}>
                  {columns.map(([label, render]) => (
                    <TableCell key={label}>{render(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** Queues an order's delivery e-mail again (the order's own resend, open to support too). */
const ResendButton = ({ orderId }: { orderId: string }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      disabled={busy}
      aria-label={`Resend the delivery e-mail of order ${shortId(orderId)}`}
      onClick={async () => {
        setBusy(true);
        try {
          await dataProvider.resendOrderEmail(orderId);
          toast('E-mail queued', 'The delivery e-mail is on its way again');
        } catch (error) {
          toast('Resend failed', errorMessage(error, 'The e-mail could not be queued'), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      Resend
    </Button>
  );
};

const AccessLinkButton = ({ email }: { email: string }) => {
  const toast = useToast();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="contained"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await sendAccessLink(email);
          toast('Access link sent', `${email} will receive a link to their orders, valid for 30 minutes`);
          refresh();
        } catch (error) {
          toast('Not sent', errorMessage(error, 'The access link could not be sent'), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      Send access link
    </Button>
  );
};

type CustomerOrder = Customer['orderList'][number];

const orderColumns = (canResend: boolean): [string, (o: CustomerOrder) => ReactNode][] => [
  ['Order', (o) => shortId(o.id)],
  ['Date', (o) => formatDateTime(o.createdAt)],
  ['Status', (o) => <StatusChip status={o.status} />],
  ['Payment', (o) => <StatusChip status={o.paymentStatus} />],
  ['Total', (o) => formatMoney(o.totalCents, o.currency)],
  ...(canResend
    ? [
        [
          'Delivery e-mail',
          (o: CustomerOrder) => (o.status === 'fulfilled' ? <ResendButton orderId={o.id} /> : null),
        ] as [string, (o: CustomerOrder) => ReactNode],
      ]
    : []),
];

export const CustomerDetails = () => {
  const customer = useRecordContext<Customer>();
  const { canAccess: canResend } = useCanAccess({ resource: 'orders', action: 'resend' });
  // Straight from the list, react-admin shows the list's row until the detail arrives: no sections yet.
  if (!customer?.orderList) return <LinearProgress aria-label="Loading the customer" />;
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h5" component="h1">
              {customer.name || customer.email}
            </Typography>
            <Typography color="textSecondary">{customer.email}</Typography>
            <Typography variant="body2">
              {countOf(customer.orders, 'order')}, {customer.paidOrders} paid, {formatAmounts(customer.spent)}{' '}
              spent; first {formatDateTime(customer.firstOrderAt)}, last{' '}
              {formatDateTime(customer.lastOrderAt)}
            </Typography>
          </Box>
          <AccessLinkButton email={customer.email} />
        </Box>
        <Section title="Orders" rows={customer.orderList} columns={orderColumns(canResend === true)} />
        <Section
          title="Licence keys"
          rows={customer.licenseKeys}
          columns={[
            ['Key', (k) => <code>{k.licenseKey}</code>],
            ['Order', (k) => shortId(k.orderId)],
            ['Product', (k) => k.productId],
            ['Status', (k) => statusLabel(k.status)],
            ['Activations', (k) => `${k.activationCount} / ${k.activationLimit}`],
          ]}
        />
        <Section
          title="Downloads"
          rows={customer.downloads}
          columns={[
            ['File', (d) => d.fileName],
            ['Order', (d) => shortId(d.orderId)],
            ['Downloads', (d) => `${d.downloadCount} / ${d.maxDownloads}`],
            ['Active', (d) => (d.isActive ? 'Yes' : 'No')],
            ['Expires', (d) => formatDateTime(d.expiresAt)],
          ]}
        />
        <Section
          title="Activations"
          rows={customer.activations}
          columns={[
            ['Installation', (a) => a.instanceId],
            ['Key', (a) => shortId(a.licenseKeyId)],
            ['Activated', (a) => formatDateTime(a.createdAt)],
          ]}
        />
        <Section
          title="E-mails sent"
          rows={customer.emails}
          columns={[
            ['Subject', (e) => e.subject],
            ['Kind', (e) => e.kind],
            ['Status', (e) => <StatusChip status={e.status} />],
            ['Queued', (e) => formatDateTime(e.createdAt)],
            ['Sent', (e) => formatDateTime(e.sentAt)],
          ]}
        />
        <Section
          title="Contact messages"
          rows={customer.messages}
          columns={[
            ['Subject', (m) => m.subject],
            ['Status', (m) => <StatusChip status={m.status} />],
            ['Received', (m) => formatDateTime(m.createdAt)],
          ]}
        />
        <Section
          title="Key reports"
          rows={customer.keyReports}
          columns={[
            ['Report', (r) => `#${r.id}`],
            ['Order', (r) => shortId(r.orderId)],
            ['Status', (r) => statusLabel(r.status)],
            ['Reported', (r) => formatDateTime(r.createdAt)],
          ]}
        />
        <Section
          title="Refunds"
          rows={customer.refunds}
          columns={[
            ['Order', (r) => shortId(r.orderId)],
            ['Amount', (r) => formatMoney(r.amountCents, r.currency)],
            ['Status', (r) => statusLabel(r.status)],
            ['Date', (r) => formatDateTime(r.createdAt)],
          ]}
        />
      </CardContent>
    </Card>
  );
};

/** One customer: everything of theirs, the access link, and each delivered order's resend. */
export const CustomerShow = () => (
  <Show title="Customer" actions={false} component="div">
    <CustomerDetails />
  </Show>
);
