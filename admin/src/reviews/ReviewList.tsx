import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { countOf, type ReviewQueueRow } from '@store/contracts';
import { useState } from 'react';
import { DataTable, List, useExpanded, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AppPagination } from '../common/AppPagination';
import { AppSearchInput } from '../common/AppSearchInput';
import { formatDate, formatMoney, shortId } from '../common/format';
import { ListLoadError } from '../common/LoadError';
import { ListToolbar } from '../common/ListToolbar';
import { useIsPhone } from '../common/phone';
import { RecordCards, type CardField } from '../common/RecordCards';
import { heldFor, holdReasonLabel } from '../orders/holdReasons';
import { OrderDialog } from '../orders/OrderDialog';
import { TimelineEntries } from '../orders/OrderTimeline';
import { ReviewButton } from './ReviewActions';

/** What the queue says when nothing waits (react-admin's own would be "No Review queue found"). */
export const EMPTY_QUEUE_TEXT = 'No orders waiting for review';

/** The orders list showing this order alone: where its link leads, to read it among the others. */
export const orderLink = (id: string) => `/orders?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`;

/** Where the evidence places the buyer: each piece's country, "—" when not known. */
export function evidenceText(row: Pick<ReviewQueueRow, 'evidence'>): string {
  const { billingCountry, checkoutIpCountry, cardCountry } = row.evidence;
  return `Billing ${billingCountry} · IP ${checkoutIpCountry ?? '—'} · Card ${cardCountry ?? '—'}`;
}

/** The buyer's earlier orders by e-mail, and what went wrong with them. */
export function historyText({ history }: Pick<ReviewQueueRow, 'history'>): string {
  if (!history.previousOrders) return 'First order';
  const troubles = [
    history.refunds ? countOf(history.refunds, 'refund') : null,
    history.disputes ? countOf(history.disputes, 'dispute') : null,
    history.fraudWarnings ? countOf(history.fraudWarnings, 'fraud warning') : null,
  ].filter(Boolean);
  const since = history.firstOrderAt ? ` since ${formatDate(history.firstOrderAt)}` : '';
  return `${countOf(history.previousOrders, 'previous order')}${since}; ${troubles.length ? troubles.join(', ') : 'no refunds or disputes'}`;
}

const Reasons = () => {
  const order = useRecordContext<ReviewQueueRow>();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {(order?.holdReasons ?? []).map((reason) => (
        <Chip key={reason} size="small" color="warning" label={holdReasonLabel(reason)} />
      ))}
    </Box>
  );
};

/** The order's link (the orders list, showing it alone) and a button opening it here. */
const OrderCell = () => {
  const order = useRecordContext<ReviewQueueRow>();
  const [open, setOpen] = useState(false);
  if (!order) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <Link
        component={RouterLink}
        to={orderLink(order.id)}
        aria-label={`Order ${shortId(order.id)} in the orders list`}
      >
        {shortId(order.id)}
      </Link>
      <Button
        size="small"
        sx={{ px: 0, minWidth: 0 }}
        onClick={() => setOpen(true)}
        aria-label={`Open order ${shortId(order.id)}`}
      >
        Open
      </Button>
      {open ? <OrderDialog id={order.id} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
};

const Actions = () => (
  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
    <ReviewButton decision="approve" />
    <ReviewButton decision="reject" />
  </Box>
);

const Timeline = ({ row }: { row: ReviewQueueRow }) => (
  <Box sx={{ px: 2, pb: 1 }}>
    {row.timelineTruncated ? (
      <Typography variant="body2" color="textSecondary">
        Only the newest {row.timeline.length} entries are shown.
      </Typography>
    ) : null}
    <TimelineEntries entries={row.timeline} />
  </Box>
);

/** Shows or hides the row's timeline: a button, so the keyboard reaches it (the table's own icon is not). */
const TimelineToggle = ({
  row,
  shown,
  toggle,
}: {
  row: ReviewQueueRow;
  shown: boolean;
  toggle: () => void;
}) => (
  <Button
    size="small"
    onClick={toggle}
    aria-expanded={shown}
    aria-label={`${shown ? 'Hide the timeline' : 'Timeline'} of order ${shortId(row.id)}`}
  >
    {shown ? 'Hide timeline' : 'Timeline'}
  </Button>
);

/** A table row's decisions, and the button unfolding its timeline under it (the table's expansion). */
const RowActions = () => {
  const row = useRecordContext<ReviewQueueRow>();
  const [shown, toggle] = useExpanded('reviews', row?.id ?? '');
  if (!row) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Actions />
      <TimelineToggle row={row} shown={shown} toggle={toggle} />
    </Box>
  );
};

/** A phone's card: the timeline behind a button, under the decisions. */
const CardActions = () => {
  const row = useRecordContext<ReviewQueueRow>();
  const [shown, setShown] = useState(false);
  if (!row) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Actions />
        <TimelineToggle row={row} shown={shown} toggle={() => setShown(!shown)} />
      </Box>
      <Collapse in={shown} unmountOnExit>
        <Timeline row={row} />
      </Collapse>
    </Box>
  );
};

const CARD_FIELDS: CardField<ReviewQueueRow>[] = [
  { label: 'Order', render: () => <OrderCell /> },
  { label: 'Total', render: (order) => formatMoney(order.totalCents, order.currency) },
  { label: 'Held for', render: (order) => heldFor(order.heldAt) },
  { label: 'Reasons', render: () => <Reasons /> },
  { label: 'Evidence', render: evidenceText },
  { label: 'History', render: historyText },
];

const FILTERS = [<AppSearchInput key="q" source="q" alwaysOn placeholder="Search by e-mail or order ID" />];

const EmptyQueue = () => (
  <Typography sx={{ p: 2 }} color="textSecondary">
    {EMPTY_QUEUE_TEXT}
  </Typography>
);

/**
 * The review queue (#19 §3, #34): paid orders held before their keys go out, oldest hold first, each with
 * the rules that held it, where the evidence places the buyer, the buyer's earlier orders and the order's
 * timeline (a row's expansion), so staff decide here. Admins approve (deliver now) or reject (refund in
 * full, keys back to stock); support reads. The sidebar counts the queue (ReviewCount).
 */
export const ReviewList = () => {
  const isPhone = useIsPhone();
  return (
    <List
      title="Review queue"
      sort={{ field: 'heldAt', order: 'ASC' }}
      exporter={false}
      filters={FILTERS}
      actions={<ListToolbar />}
      pagination={<AppPagination />}
      error={<ListLoadError />}
      empty={<EmptyQueue />}
    >
      {isPhone ? (
        <RecordCards<ReviewQueueRow>
          label="Held orders"
          title={(order) => order.customerEmail}
          fields={CARD_FIELDS}
          actions={<CardActions />}
        />
      ) : (
        <DataTable
          rowClick={false}
          bulkActionButtons={false}
          empty={<EmptyQueue />}
          expand={<ExpandedTimeline />}
        >
          <DataTable.Col
            source="heldAt"
            label="Held for"
            render={(order: ReviewQueueRow) => heldFor(order.heldAt)}
          />
          <DataTable.Col source="id" label="Order" disableSort>
            <OrderCell />
          </DataTable.Col>
          <DataTable.Col
            source="customerEmail"
            label="Customer"
            render={(order: ReviewQueueRow) => `${order.customerName} <${order.customerEmail}>`}
          />
          <DataTable.Col
            source="totalCents"
            label="Total"
            render={(order: ReviewQueueRow) => formatMoney(order.totalCents, order.currency)}
          />
          <DataTable.Col label="Reasons" disableSort>
            <Reasons />
          </DataTable.Col>
          <DataTable.Col label="Evidence" disableSort render={evidenceText} />
          <DataTable.Col label="History" disableSort render={historyText} />
          <DataTable.Col label="Actions" disableSort>
            <RowActions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};

const ExpandedTimeline = () => {
  const row = useRecordContext<ReviewQueueRow>();
  return row ? <Timeline row={row} /> : null;
};
