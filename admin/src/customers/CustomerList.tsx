import { DataTable, ShowButton } from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { formatAmounts, formatDateTime } from '../common/format';
import { RecordCards, type CardField } from '../common/RecordCards';
import { useFetchErrorToast } from '../common/useFetchErrorToast';
import type { CustomerRow } from './api';

const Column = DataTable.Col<CustomerRow>;

const filters = [
  <AppSearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Name or e-mail address, or its start (3 characters or more)"
  />,
];

const CARD_FIELDS: CardField<CustomerRow>[] = [
  { label: 'Name', render: (c) => c.name },
  { label: 'Orders', render: (c) => `${c.orders} (${c.paidOrders} paid)` },
  { label: 'Spent', render: (c) => formatAmounts(c.spent) },
  { label: 'Last order', render: (c) => formatDateTime(c.lastOrderAt) },
];

/**
 * Customers, newest first unless sorted by a column: without a search those of the latest orders, with one
 * those whose address, name or last name starts with it. The name (their latest order's) is not sortable.
 */
export const CustomerList = () => (
  <AppList
    title="Customers"
    sort={{ field: 'lastOrderAt', order: 'DESC' }}
    filters={filters}
    queryOptions={useFetchErrorToast('Failed to fetch customers')}
    cards={
      <RecordCards<CustomerRow>
        label="Customers"
        title={(c) => c.email}
        fields={CARD_FIELDS}
        actions={<ShowButton label="Open" />}
      />
    }
    table={
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="email" label="E-mail" />
        <Column source="name" label="Name" disableSort />
        <Column source="orders" label="Orders" />
        <Column source="paidOrders" label="Paid" />
        {/* Sorted by the default currency's part (spentCents); each currency shown in its own. */}
        <Column source="spentCents" label="Spent" render={(c) => formatAmounts(c.spent)} />
        <Column source="firstOrderAt" label="First order" render={(c) => formatDateTime(c.firstOrderAt)} />
        <Column source="lastOrderAt" label="Last order" render={(c) => formatDateTime(c.lastOrderAt)} />
      </DataTable>
    }
  />
);
