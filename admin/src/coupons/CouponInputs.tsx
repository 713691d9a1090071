import {
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  maxValue,
  minValue,
  required,
  useRecordContext,
} from 'react-admin';
import { MoneyInput } from '../common/MoneyInput';
import { useStoreConfig } from '../common/storeConfig';
import { kindOf, type Coupon, type CouponKind } from './types';

const KINDS: { id: CouponKind; name: string }[] = [
  { id: 'percent', name: 'Percent off' },
  { id: 'amount', name: 'Fixed amount off' },
];

/**
 * The fields of a coupon, shared by create and edit: a percentage off (orders in any currency), or an
 * amount off in one of the currencies sold (orders in that currency only).
 */
export const CouponInputs = () => {
  const record = useRecordContext<Coupon>();
  const currencies = useStoreConfig()?.currencies ?? [];
  return (
    <>
      <TextInput source="code" label="Code" validate={required('Coupon code is required')} />
      <RadioButtonGroupInput source="kind" label="Discount" choices={KINDS} defaultValue={kindOf(record)} />
      <FormDataConsumer<{ kind?: CouponKind; currency?: string | null }>>
        {({ formData }) =>
          formData.kind === 'amount' ? (
            <>
              <SelectInput
                source="currency"
                label="Currency"
                choices={currencies.map((code) => ({ id: code, name: code }))}
                validate={required('Currency is required')}
              />
              {formData.currency ? (
                <MoneyInput
                  key={formData.currency}
                  source="amountOffCents"
                  label={`Amount off (${formData.currency})`}
                  currency={formData.currency}
                  validate={[required('Amount off is required'), minValue(1)]}
                />
              ) : null}
            </>
          ) : (
            <NumberInput
              source="percentOff"
              label="Percent off"
              validate={[required('Percent off is required'), minValue(1), maxValue(100)]}
              helperText="An order is never free: checkout refuses a total below the smallest payment (e.g. $0.50)"
            />
          )
        }
      </FormDataConsumer>
      <BooleanInput source="active" label="Active" defaultValue />
      <DateTimeInput source="startsAt" label="Starts at" />
      <DateTimeInput source="expiresAt" label="Expires at" />
      <NumberInput source="maxRedemptions" label="Max redemptions" validate={minValue(1)} />
    </>
  );
};
