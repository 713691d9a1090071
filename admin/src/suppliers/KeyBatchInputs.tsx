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
import { formatMoney } from '../common/format';
import { MoneyInput } from '../common/MoneyInput';
import { useProducts } from '../common/products';
import { STORE_CURRENCY } from './api';

export const MAX_COST_CENTS = 10_000_000;

/** The fields of a batch, shared by create and edit. */
export const KeyBatchInputs = ({ productFixed = false }: { productFixed?: boolean }) => {
  const products = useProducts();
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
      <MoneyInput
        source="costPerKeyCents"
        label={`Cost per key (${STORE_CURRENCY})`}
        validate={[
          required('Cost per key is required'),
          minValue(0),
          maxValue(MAX_COST_CENTS, `Cost per key must be at most ${formatMoney(MAX_COST_CENTS)}`),
        ]}
        helperText={`In the store's currency, ${STORE_CURRENCY}: 18.50 for $18.50`}
      />
      <DateInput source="purchasedAt" label="Purchased on" />
      <TextInput source="notes" label="Notes" multiline minRows={2} validate={maxLength(2000)} />
    </>
  );
};
