import {
  DateInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEFAULT_CURRENCY, formatMoney } from '../common/format';
import { MoneyInput } from '../common/MoneyInput';
import { useProducts } from '../common/products';
import { useStoreConfig } from '../common/storeConfig';

export const MAX_COST_CENTS = 10_000_000;

/**
 * The fields of a batch, shared by create and edit. The cost is in the currency the keys were bought in,
 * one the store sells in; it stays once a key of the batch is sold (its cost was counted in it).
 */
export const KeyBatchInputs = ({
  productFixed = false,
  currencyFixed = false,
}: {
  productFixed?: boolean;
  currencyFixed?: boolean;
}) => {
  const products = useProducts();
  const currencies = useStoreConfig()?.currencies ?? [DEFAULT_CURRENCY];
  const currency = (useWatch({ name: 'currency' }) as string | undefined) ?? DEFAULT_CURRENCY;
  return (
    <>
      <ReferenceInput source="supplierId" reference="suppliers" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput label="Supplier" optionText="name" validate={required('Supplier is required')} />
      </ReferenceInput>
      <SelectInput
        source="productId"
        label="Product"
        choices={products.map(({ id, title }) => ({ id, name: title }))}
        validate={required('Product is required')}
        disabled={productFixed}
        helperText={productFixed ? 'A batch with keys keeps its product' : false}
      />
      <TextInput
        source="invoiceReference"
        label="Invoice reference"
        validate={[required('Invoice reference is required'), maxLength(100)]}
      />
      <SelectInput
        source="currency"
        label="Currency"
        choices={currencies.map((code) => ({ id: code, name: code }))}
        defaultValue={DEFAULT_CURRENCY}
        validate={required('Currency is required')}
        disabled={currencyFixed}
        helperText={
          currencyFixed
            ? 'Keys of this batch were sold: their costs were counted in it'
            : 'What the keys were bought in'
        }
      />
      <MoneyInput
        source="costPerKeyCents"
        label={`Cost per key (${currency})`}
        currency={currency}
        validate={[
          required('Cost per key is required'),
          minValue(0),
          maxValue(MAX_COST_CENTS, `Cost per key must be at most ${formatMoney(MAX_COST_CENTS, currency)}`),
        ]}
        helperText={`In ${currency}: ${formatMoney(1850, currency)} is typed as it reads`}
      />
      <DateInput source="purchasedAt" label="Purchased on" />
      <TextInput source="notes" label="Notes" multiline minRows={2} validate={maxLength(2000)} />
    </>
  );
};
