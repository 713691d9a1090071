import {
  BooleanField,
  CreateButton,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  useCanAccess,
} from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { AppSearchInput } from '../common/AppSearchInput';
import { ListLoadError } from '../common/LoadError';
import { ListToolbar } from '../common/ListToolbar';

const filters = [
  <AppSearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" label="Active" alwaysOn />,
];

const Actions = () => {
  const { canAccess } = useCanAccess({ resource: 'coupons', action: 'create' });
  return <ListToolbar>{canAccess ? <CreateButton /> : null}</ListToolbar>;
};

export const CouponList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'coupons', action: 'edit' });
  return (
    <List
      title="Coupons"
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      filters={filters}
      actions={<Actions />}
      pagination={<AppPagination />}
      error={<ListLoadError />}
    >
      <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="code" label="Code" />
        <DataTable.NumberCol source="percentOff" label="Percent off" />
        <DataTable.Col source="active" label="Active" disableSort>
          <BooleanField source="active" />
        </DataTable.Col>
        <DataTable.NumberCol source="redemptionCount" label="Redemptions" />
        <DataTable.NumberCol source="maxRedemptions" label="Max redemptions" disableSort />
        <DataTable.Col source="expiresAt" label="Expires">
          <DateField source="expiresAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
