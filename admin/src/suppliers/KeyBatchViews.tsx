import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import type { components } from '@store/contracts';
import { useState } from 'react';
import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { formatDate, formatMoney } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { productName, useProducts } from '../common/products';
import { RecordCards, type CardField } from '../common/RecordCards';
import { saveFile } from '../common/saveFile';
import { errorMessage, useToast } from '../common/toast';
import { exportKeyBatches } from './api';
import { KeyBatchInputs } from './KeyBatchInputs';
import { RevokeBatchButton } from './RevokeBatchButton';

type KeyBatch = components['schemas']['KeyBatchDto'];

export const faultyRateText = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(rate * 100 < 10 ? 1 : 0)} %`;

const CARD_FIELDS: CardField<KeyBatch>[] = [
  { label: 'Supplier', render: (b) => b.supplierName },
  { label: 'Product', render: (b) => productName(b.productId) },
  {
    label: 'Cost per key',
    render: (b) => (b.costPerKeyCents === undefined ? '—' : formatMoney(b.costPerKeyCents, b.currency)),
  },
  { label: 'In stock / sold', render: (b) => `${b.inStock} / ${b.sold}` },
  { label: 'Revoked / faulty', render: (b) => `${b.revoked} / ${b.faulty}` },
  { label: 'Faulty rate', render: (b) => faultyRateText(b.faultyRate) },
];

const ProductFilter = (props: { source: string; alwaysOn?: boolean }) => {
  const products = useProducts();
  return (
    <SelectInput
      {...props}
      label="Product"
      choices={products.map(({ id, title }) => ({ id, name: title }))}
      helperText={false}
    />
  );
};

const filters = [
  <AppSearchInput key="q" source="q" alwaysOn placeholder="Search by invoice reference" />,
  <ReferenceInput key="supplierId" source="supplierId" reference="suppliers" alwaysOn>
    <SelectInput label="Supplier" optionText="name" helperText={false} />
  </ReferenceInput>,
  <ProductFilter key="productId" source="productId" alwaysOn />,
];

/** Downloads the batches the list shows (its filters), as CSV. */
export const ExportBatchesButton = () => {
  const { filterValues } = useListContext();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await exportKeyBatches(filterValues), 'key-batches.csv');
    } catch (error) {
      toast('Export failed', errorMessage(error, 'The export could not be made'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={download} disabled={busy}>
      Export CSV
    </Button>
  );
};

const Actions = () => {
  const { canAccess } = useCanAccess({ resource: 'key-batches', action: 'create' });
  return (
    <ListToolbar>
      <ExportBatchesButton />
      {canAccess ? <CreateButton label="New batch" /> : null}
    </ListToolbar>
  );
};

const RowActions = () => {
  const record = useRecordContext<KeyBatch>();
  return record ? <RevokeBatchButton batch={record} /> : null;
};

/** Supplier batches with where their keys are now and how many proved faulty. */
export const KeyBatchList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'key-batches', action: 'edit' });
  return (
    <AppList
      title="Key batches"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
      cards={
        <RecordCards<KeyBatch>
          label="Key batches"
          title={(b) => b.invoiceReference}
          // What a key cost is for admins (the only ones who may edit a batch) alone.
          fields={canEdit ? CARD_FIELDS : CARD_FIELDS.filter((field) => field.label !== 'Cost per key')}
          linkToEdit={Boolean(canEdit)}
          actions={<RowActions />}
        />
      }
      table={
        <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col source="invoiceReference" label="Invoice" />
          <DataTable.Col source="supplierName" label="Supplier" disableSort />
          <DataTable.Col
            source="productId"
            label="Product"
            disableSort
            render={(b: KeyBatch) => productName(b.productId)}
          />
          {canEdit && (
            <DataTable.Col
              source="costPerKeyCents"
              label="Cost per key"
              render={(b: KeyBatch) => formatMoney(b.costPerKeyCents ?? 0, b.currency)}
            />
          )}
          <DataTable.NumberCol source="keys" label="Keys" disableSort />
          <DataTable.NumberCol source="inStock" label="In stock" disableSort />
          <DataTable.NumberCol source="sold" label="Sold" disableSort />
          <DataTable.NumberCol source="revoked" label="Revoked" disableSort />
          <DataTable.NumberCol source="faulty" label="Faulty" disableSort />
          <DataTable.Col
            source="faultyRate"
            label="Faulty rate"
            disableSort
            render={(b: KeyBatch) => faultyRateText(b.faultyRate)}
          />
          <DataTable.Col
            source="purchasedAt"
            label="Purchased"
            render={(b: KeyBatch) => (b.purchasedAt ? formatDate(`${b.purchasedAt}T00:00:00`) : '—')}
          />
          <DataTable.Col label="Actions" disableSort>
            <RowActions />
          </DataTable.Col>
        </DataTable>
      }
    />
  );
};

export const KeyBatchCreate = () => (
  <Create title="New key batch" redirect="list">
    <SimpleForm>
      <KeyBatchInputs />
    </SimpleForm>
  </Create>
);

const KeyBatchEditInputs = () => {
  const record = useRecordContext<KeyBatch>();
  return <KeyBatchInputs productFixed={Boolean(record?.keys)} currencyFixed={Boolean(record?.sold)} />;
};

/** A new cost reaches the keys still in stock; keys sold keep theirs (their margins stay as they were). */
export const KeyBatchEdit = () => (
  <Edit title="Edit key batch" mutationMode="pessimistic" redirect="list">
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <KeyBatchEditInputs />
    </SimpleForm>
  </Edit>
);
