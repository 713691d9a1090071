import type { AdminRefund } from '@store/contracts';
import { DataTable } from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { ExportButton } from '../common/ExportButton';
import { formatDateTime, formatMoney, shortId, statusLabel } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { RecordCards, type CardField } from '../common/RecordCards';
import { StatusChip } from '../common/StatusChip';
import { statusFilter } from '../common/StatusFilter';
import { useFetchErrorToast } from '../common/useFetchErrorToast';

const Column = DataTable.Col<AdminRefund>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;

const filters = [
  <AppSearchInput key="orderId" source="orderId" alwaysOn placeholder="Search by order ID" />,
  statusFilter(REFUND_STATUSES.map((id) => ({ id, name: statusLabel(id) }))),
];

/** A refund made at the provider (e.g. in Stripe's dashboard) has no staff member. */
const by = (refund: AdminRefund) => refund.staffUsername ?? 'Payment provider';

const CARD_FIELDS: CardField<AdminRefund>[] = [
  { label: 'Order ID', render: (refund) => shortId(refund.orderId) },
  { label: 'Status', render: (refund) => <StatusChip status={refund.status} /> },
  { label: 'By', render: by },
  { label: 'Date', render: (refund) => formatDateTime(refund.createdAt) },
  { label: 'Reason', render: (refund) => refund.reason },
];

/** Every refund, newest first (each is made on its order); Export downloads the filtered list as CSV. */
// Sortable on the API: createdAt, amountCents, status.
export const RefundsList = () => {
  const queryOptions = useFetchErrorToast('Failed to fetch refunds');
  return (
    <AppList
      title="Refunds"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      // A store without refunds yet still shows the list's filters and Export, not react-admin's empty page.
      empty={false}
      filters={filters}
      actions={
        <ListToolbar>
          <ExportButton />
        </ListToolbar>
      }
      queryOptions={queryOptions}
      cards={
        <RecordCards<AdminRefund>
          label="Refunds"
          title={(refund) => formatMoney(refund.amountCents, refund.currency)}
          fields={CARD_FIELDS}
        />
      }
      table={
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column
            source="amountCents"
            label="Amount"
            render={(refund) => formatMoney(refund.amountCents, refund.currency)}
          />
          <Column
            source="orderId"
            label="Order ID"
            disableSort
            render={(refund) => shortId(refund.orderId)}
          />
          <Column source="status" label="Status" render={(refund) => <StatusChip status={refund.status} />} />
          <Column source="staffUsername" label="By" disableSort render={by} />
          <Column source="reason" label="Reason" disableSort />
          <Column source="createdAt" label="Date" render={(refund) => formatDateTime(refund.createdAt)} />
        </DataTable>
      }
    />
  );
};
