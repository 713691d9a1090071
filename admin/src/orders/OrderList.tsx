import { DataTable, DateField, List } from 'react-admin';
import type { Order } from './types';

const Column = DataTable.Col<Order>;
const NumberColumn = DataTable.NumberCol<Order>;

// The API sorts by createdAt, totalAmount, customerEmail and status only; the other columns are not sortable.
// No export button: react-admin's exporter asks for 1000 rows, the API answers at most 500.
export const OrderList = () => (
  <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
    <DataTable rowClick={false} bulkActionButtons={false}>
      <Column source="id" label="Order ID" disableSort />
      <Column source="customerName" label="Customer" disableSort />
      <NumberColumn
        source="totalAmount"
        label="Amount"
        locales="en-US"
        options={{ style: 'currency', currency: 'USD' }}
      />
      <Column source="status" label="Status" />
      <Column source="paymentStatus" label="Payment" disableSort />
      <Column source="createdAt" label="Date">
        <DateField source="createdAt" showTime locales="en-US" />
      </Column>
    </DataTable>
  </List>
);
