import {
  BooleanField,
  CreateButton,
  DataTable,
  DateField,
  NumberField,
  NullableBooleanInput,
  useCanAccess,
} from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { formatMoney } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { RecordCards, type CardField } from '../common/RecordCards';
import type { Coupon } from './types';

/** "10%" or, for a fixed-amount coupon, "€5.00" in its currency. */
export const discountText = (coupon: Coupon) =>
  coupon.amountOffCents !== null && coupon.amountOffCents !== undefined && coupon.currency
    ? formatMoney(coupon.amountOffCents, coupon.currency)
    : `${coupon.percentOff}%`;

/** The columns after the code, as lines of a coupon's card on a phone. */
const CARD_FIELDS: CardField<Coupon>[] = [
  { label: 'Discount', render: discountText },
  { label: 'Active', render: () => <BooleanField source="active" /> },
  { label: 'Redemptions (paid)', render: () => <NumberField source="redemptionCount" /> },
  { label: 'Held by unpaid checkouts', render: () => <NumberField source="heldCount" /> },
  { label: 'Max redemptions', render: () => <NumberField source="maxRedemptions" /> },
  { label: 'Expires', render: () => <DateField source="expiresAt" showTime /> },
];

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
    <AppList
      title="Coupons"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
      cards={
        <RecordCards<Coupon>
          label="Coupons"
          title={(coupon) => coupon.code}
          fields={CARD_FIELDS}
          linkToEdit={Boolean(canEdit)}
        />
      }
      table={
        <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col source="code" label="Code" />
          <DataTable.Col source="percentOff" label="Discount" align="right" render={discountText} />
          <DataTable.Col source="active" label="Active" disableSort>
            <BooleanField source="active" />
          </DataTable.Col>
          <DataTable.NumberCol source="redemptionCount" label="Redemptions (paid)" />
          <DataTable.NumberCol source="heldCount" label="Held by unpaid checkouts" disableSort />
          <DataTable.NumberCol source="maxRedemptions" label="Max redemptions" disableSort />
          <DataTable.Col source="expiresAt" label="Expires">
            <DateField source="expiresAt" showTime />
          </DataTable.Col>
        </DataTable>
      }
    />
  );
};
