import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { DataProvider } from 'react-admin';
import { ReferenceInput, SelectInput, TextInput, useDataProvider, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEFAULT_CURRENCY, formatMoney } from '../common/format';
import { MoneyInput } from '../common/MoneyInput';
import { MAX_COST_CENTS } from './KeyBatchInputs';
import { useProducts } from '../common/products';
import { batchLabel, type KeyBatch } from './api';

/** The choice that opens the fields of a batch created with the keys. */
export const NEW_BATCH = 'new';

/** The values a form holding a BatchInput has: a batch chosen, or a new one described. */
export interface BatchValues {
  batchId?: number | typeof NEW_BATCH | '' | null;
  newBatch?: {
    supplierId?: number | null;
    productId?: string | null;
    invoiceReference?: string | null;
    costPerKeyCents?: number | null;
  };
}

/** The form's errors for its batch fields, checked as the API checks a new batch. */
export function validateBatch(values: BatchValues, productId?: string): Record<string, unknown> {
  if (values.batchId !== NEW_BATCH)
    return values.batchId ? {} : { batchId: 'Choose the batch the keys came in, or create one' };
  const batch = values.newBatch ?? {};
  const errors: Record<string, string> = {};
  if (!batch.supplierId) errors.supplierId = 'Supplier is required';
  if (!productId && !batch.productId) errors.productId = 'Product is required';
  if (!batch.invoiceReference?.trim()) errors.invoiceReference = 'Invoice reference is required';
  const cost = batch.costPerKeyCents;
  if (cost === null || cost === undefined) errors.costPerKeyCents = 'Cost per key is required';
  else if (!Number.isInteger(cost) || cost < 0 || cost > MAX_COST_CENTS)
    errors.costPerKeyCents = `Cost per key must be an amount from ${formatMoney(0, DEFAULT_CURRENCY)} to ${formatMoney(MAX_COST_CENTS, DEFAULT_CURRENCY)}, e.g. 18.50`;
  return Object.keys(errors).length ? { newBatch: errors } : {};
}

/**
 * The batch the keys go into: answers the chosen batch's id, or creates the batch described (in the default
 * currency: a batch bought in another is recorded under Key batches first) and answers its id.
 */
export async function resolveBatch(
  dataProvider: DataProvider,
  values: BatchValues,
  productId?: string,
): Promise<number> {
  if (values.batchId !== NEW_BATCH) return Number(values.batchId);
  const batch = values.newBatch ?? {};
  const { data } = await dataProvider.create<KeyBatch>('key-batches', {
    data: {
      supplierId: batch.supplierId,
      productId: productId ?? batch.productId,
      invoiceReference: batch.invoiceReference?.trim(),
      costPerKeyCents: batch.costPerKeyCents,
      currency: DEFAULT_CURRENCY,
    },
  });
  return data.id;
}

/**
 * resolveBatch for a dialog: a new batch described the same way again (a retry after the keys were refused,
 * a second file) is the one already created, not another.
 */
export function useResolveBatch() {
  const dataProvider = useDataProvider();
  const created = useRef(new Map<string, number>());
  return async (values: BatchValues, productId?: string): Promise<number> => {
    if (values.batchId !== NEW_BATCH) return resolveBatch(dataProvider, values, productId);
    const key = JSON.stringify([values.newBatch, productId]);
    const known = created.current.get(key);
    if (known !== undefined) return known;
    const id = await resolveBatch(dataProvider, values, productId);
    created.current.set(key, id);
    return id;
  };
}

/**
 * Picks the supplier batch keys come in: one of `productId`'s batches (any product's when none is given),
 * or "New batch…", which asks for its supplier, invoice reference and cost (and product, when not given).
 */
export const BatchInput = ({ productId }: { productId?: string }) => {
  const batchId = useWatch<BatchValues, 'batchId'>({ name: 'batchId' });
  const products = useProducts();
  const { data: batches = [] } = useGetList<KeyBatch>('key-batches', {
    filter: productId ? { productId } : {},
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const choices = [
    ...batches.map((batch) => ({
      id: batch.id,
      name: productId
        ? batchLabel(batch)
        : `${batchLabel(batch)} · ${products.find((p) => p.id === batch.productId)?.title ?? batch.productId}`,
    })),
    { id: NEW_BATCH, name: 'New batch…' },
  ];
  return (
    <Stack spacing={1}>
      <SelectInput source="batchId" label="Batch" choices={choices} isRequired helperText={false} />
      {batchId === NEW_BATCH ? (
        <Stack spacing={1}>
          <Typography variant="body2" color="textSecondary">
            The batch is created with the keys: where they were bought and what each cost.
          </Typography>
          <ReferenceInput
            source="newBatch.supplierId"
            reference="suppliers"
            sort={{ field: 'name', order: 'ASC' }}
          >
            <SelectInput label="Supplier" optionText="name" isRequired helperText={false} />
          </ReferenceInput>
          {productId ? null : (
            <SelectInput
              source="newBatch.productId"
              label="Product"
              choices={products.map(({ id, title }) => ({ id, name: title }))}
              isRequired
              helperText={false}
            />
          )}
          <TextInput
            source="newBatch.invoiceReference"
            label="Invoice reference"
            isRequired
            helperText={false}
          />
          <MoneyInput
            source="newBatch.costPerKeyCents"
            label={`Cost per key (${DEFAULT_CURRENCY})`}
            currency={DEFAULT_CURRENCY}
            isRequired
            helperText={false}
          />
        </Stack>
      ) : null}
    </Stack>
  );
};
