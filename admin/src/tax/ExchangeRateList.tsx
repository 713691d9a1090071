import type { components } from '@store/contracts';
import { CreateButton, DataTable, DateField, TextInput } from 'react-admin';
import { AppList } from '../common/AppList';
import { ListToolbar } from '../common/ListToolbar';
import { RecordCards, type CardField } from '../common/RecordCards';
import { statusFilter } from '../common/StatusFilter';
import { ImportRatesButton } from './ImportRatesButton';

type ExchangeRate = components['schemas']['ExchangeRateDto'];

const SOURCES = [
  { id: 'ecb-import', name: 'ECB file' },
  { id: 'staff', name: 'Entered' },
];
const sourceName = (source: string) => SOURCES.find((s) => s.id === source)?.name ?? source;

/** The columns after the currency and day, as lines of a rate's card on a phone. */
const CARD_FIELDS: CardField<ExchangeRate>[] = [
  { label: 'Rate', render: (rate) => rate.rate },
  { label: 'Source', render: (rate) => sourceName(rate.source) },
  { label: 'By', render: (rate) => rate.staffUsername },
  { label: 'Updated', render: () => <DateField source="updatedAt" showTime /> },
];

const filters = [
  <TextInput key="currency" source="currency" label="Currency" alwaysOn sx={{ width: 120 }} />,
  statusFilter(SOURCES, { source: 'source', label: 'Source' }),
];

const Actions = () => (
  <ListToolbar>
    <ImportRatesButton />
    <CreateButton label="Enter rate" />
  </ListToolbar>
);

/** The ECB's euro reference rates the tax returns convert with: 1 EUR = rate units of the currency. */
export const ExchangeRateList = () => (
  <AppList
    title="Exchange Rates"
    sort={{ field: 'date', order: 'DESC' }}
    filters={filters}
    actions={<Actions />}
    empty={false}
    cards={
      <RecordCards<ExchangeRate>
        label="Exchange rates"
        title={(rate) => `${rate.currency} ${rate.date}`}
        fields={CARD_FIELDS}
        linkToEdit
      />
    }
    table={
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="date" label="Date" />
        <DataTable.Col source="currency" label="Currency" disableSort />
        <DataTable.Col source="rate" label="1 EUR =" disableSort />
        <DataTable.Col
          source="source"
          label="Source"
          disableSort
          render={(rate) => sourceName(rate.source)}
        />
        <DataTable.Col source="staffUsername" label="By" disableSort />
        <DataTable.Col source="updatedAt" label="Updated" disableSort>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    }
  />
);
