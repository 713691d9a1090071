import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { DataTable, DateField, List, useRecordContext } from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { formatMoney, shortId } from '../common/format';
import { ListLoadError } from '../common/LoadError';
import { ListToolbar } from '../common/ListToolbar';
import { useIsPhone } from '../common/phone';
import { RecordCards, type CardField } from '../common/RecordCards';
import type { Order } from '../orders/types';
import { heldFor, holdReasonLabel } from '../orders/holdReasons';
import { ReviewButton } from './ReviewActions';

const Reasons = () => {
  const order = useRecordContext<Order>();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {(order?.holdReasons ?? []).map((reason) => (
        <Chip key={reason} size="small" color="warning" label={holdReasonLabel(reason)} />
      ))}
    </Box>
  );
};

const Actions = () => (
  <Box sx={{ display: 'flex', gap: 1 }}>
    <ReviewButton decision="approve" />
    <ReviewButton decision="reject" />
  </Box>
);

const CARD_FIELDS: CardField<Order>[] = [
  { label: 'Order', render: (order) => shortId(order.id) },
  { label: 'Total', render: (order) => formatMoney(order.totalCents) },
  { label: 'Held for', render: (order) => heldFor(order.heldAt) },
  { label: 'Reasons', render: () => <Reasons /> },
];

/**
 * The review queue (#19 §3): paid orders held before their keys go out, oldest first, with the rules that
 * held them. Admins approve (deliver now) or reject (refund in full, keys back to stock); support reads.
 */
export const ReviewList = () => {
  const isPhone = useIsPhone();
  return (
    <List
      title="Review queue"
      sort={{ field: 'createdAt', order: 'ASC' }}
      exporter={false}
      actions={<ListToolbar />}
      pagination={<AppPagination />}
      error={<ListLoadError />}
      empty={false}
    >
      {isPhone ? (
        <RecordCards<Order>
          label="Held orders"
          title={(order) => order.customerEmail}
          fields={CARD_FIELDS}
          actions={<Actions />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="createdAt" label="Ordered">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col
            source="heldAt"
            label="Held for"
            disableSort
            render={(order: Order) => heldFor(order.heldAt)}
          />
          <DataTable.Col source="id" label="Order" disableSort render={(order: Order) => shortId(order.id)} />
          <DataTable.Col
            source="customerEmail"
            label="Customer"
            render={(order: Order) => `${order.customerName} <${order.customerEmail}>`}
          />
          <DataTable.Col
            source="totalCents"
            label="Total"
            render={(order: Order) => formatMoney(order.totalCents)}
          />
          <DataTable.Col label="Reasons" disableSort>
            <Reasons />
          </DataTable.Col>
          <DataTable.Col label="Actions" disableSort>
            <Actions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};
