import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { COUNTRIES } from '@store/contracts';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  FilterButton,
  List,
  NullableBooleanInput,
  SelectInput,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { AppSearchInput } from '../common/AppSearchInput';
import { statusFilter } from '../common/StatusFilter';
import { ListLoadError } from '../common/LoadError';
import { statusLabel, formatDateTime, formatMoney, shortId } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { ExportButton } from '../common/ExportButton';
import { useIsPhone } from '../common/phone';
import { useProducts } from '../common/products';
import { RecordCards, type CardField } from '../common/RecordCards';
import { StatusChip } from '../common/StatusChip';
import { useFetchErrorToast } from '../common/useFetchErrorToast';
import {
  CancelStaleButton,
  ResendDeliveryButton,
  SelectAllOrdersCheckbox,
  SelectOrderCheckbox,
} from './BulkActions';
import { OrderDialog } from './OrderDialog';
import { ORDER_STATUSES, PAYMENT_STATUSES, type Order } from './types';

const Column = DataTable.Col<Order>;

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: statusLabel(id) }));

const COUNTRY_CHOICES = COUNTRIES.map(({ code, name }) => ({ id: code, name }));

/**
 * The search, the statuses and "Refund due" always shown; the days of creation, product and country added
 * with "Add filter" (the API's createdFrom/createdTo, productId and country).
 */
const useFilters = () => {
  const products = useProducts();
  return [
    <AppSearchInput key="q" source="q" alwaysOn placeholder="Search by e-mail, name or order ID" />,
    statusFilter(choices(ORDER_STATUSES)),
    statusFilter(choices(PAYMENT_STATUSES), { source: 'paymentStatus', label: 'Payment' }),
    <NullableBooleanInput
      key="refundDue"
      source="refundDue"
      label="Refund due"
      nullLabel="All"
      alwaysOn
      sx={{ minWidth: 140 }}
    />,
    <DateInput key="createdFrom" source="createdFrom" label="Created from" />,
    <DateInput key="createdTo" source="createdTo" label="Created to" />,
    <SelectInput
      key="productId"
      source="productId"
      label="Product"
      choices={products.map(({ id, title }) => ({ id, name: title }))}
      emptyText="All"
      sx={{ minWidth: 200 }}
    />,
    <AutocompleteInput
      key="country"
      source="country"
      label="Country"
      choices={COUNTRY_CHOICES}
      sx={{ minWidth: 200 }}
    />,
  ];
};

const ViewButton = ({ onOpen }: { onOpen: (id: string) => void }) => {
  const order = useRecordContext<Order>();
  if (!order) return null;
  return (
    <Button
      size="small"
      startIcon={<VisibilityIcon />}
      aria-label={`View order ${shortId(order.id)}`}
      onClick={() => onOpen(order.id)}
    >
      View
    </Button>
  );
};

const customer = (order: Order) => (
  <Box>
    <Typography variant="body2">{order.customerName}</Typography>
    <Typography variant="caption" color="textSecondary">
      {order.customerEmail}
    </Typography>
  </Box>
);

const statuses = (order: Order) => (
  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
    <StatusChip status={order.status} />
    {order.refundDue ? <StatusChip status="refund-due" /> : null}
    {order.awaitingKeys ? <Chip size="small" color="warning" label="Awaiting keys" /> : null}
  </Box>
);

/** The columns after the first, as lines of an order's card on a phone. */
const CARD_FIELDS: CardField<Order>[] = [
  { label: 'Customer', render: customer },
  { label: 'Amount', render: (order) => formatMoney(order.totalCents, order.currency) },
  { label: 'Status', render: statuses },
  { label: 'Payment', render: (order) => <StatusChip status={order.paymentStatus} /> },
  { label: 'Date', render: (order) => formatDateTime(order.createdAt) },
];

// The API sorts by createdAt, totalCents, customerEmail and status only; the other columns are not sortable.
// react-admin's exporter is off (it asks for 1000 rows, the API answers at most 500): Export asks the API
// for the whole filtered list as a streamed CSV.
export const OrderList = () => {
  const [openId, setOpenId] = useState<string | null>(null);
  const queryOptions = useFetchErrorToast('Failed to fetch orders');
  const isPhone = useIsPhone();
  // The bulk actions are admins' (the API refuses support).
  const { canAccess: canBulk } = useCanAccess({ resource: 'orders', action: 'edit' });
  const filters = useFilters();

  return (
    <>
      <List
        title="Orders"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        filters={filters}
        actions={
          <ListToolbar>
            <FilterButton />
            {canBulk ? <ResendDeliveryButton /> : null}
            {canBulk ? <CancelStaleButton /> : null}
            <ExportButton />
          </ListToolbar>
        }
        pagination={<AppPagination />}
        error={<ListLoadError />}
        queryOptions={queryOptions}
      >
        {isPhone ? (
          <RecordCards<Order>
            label="Orders"
            title={(order) => `Order ${shortId(order.id)}`}
            fields={CARD_FIELDS}
            actions={<ViewButton onOpen={setOpenId} />}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            {canBulk ? (
              <Column label={<SelectAllOrdersCheckbox />} disableSort>
                <SelectOrderCheckbox />
              </Column>
            ) : null}
            <Column source="id" label="Order ID" disableSort render={(order) => shortId(order.id)} />
            <Column source="customerEmail" label="Customer" render={customer} />
            <Column
              source="totalCents"
              label="Amount"
              render={(order) => formatMoney(order.totalCents, order.currency)}
            />
            <Column source="status" label="Status" render={statuses} />
            <Column
              source="paymentStatus"
              label="Payment"
              disableSort
              render={(order) => <StatusChip status={order.paymentStatus} />}
            />
            <Column source="createdAt" label="Date" render={(order) => formatDateTime(order.createdAt)} />
            <Column label="Actions" disableSort>
              <ViewButton onOpen={setOpenId} />
            </Column>
          </DataTable>
        )}
      </List>
      {openId ? <OrderDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
};
