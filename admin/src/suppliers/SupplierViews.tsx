import type { components } from '@store/contracts';
import {
  Create,
  CreateButton,
  DataTable,
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useCanAccess,
} from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { formatDate } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { RecordCards, type CardField } from '../common/RecordCards';

type Supplier = components['schemas']['SupplierDto'];

const CARD_FIELDS: CardField<Supplier>[] = [
  { label: 'Batches', render: (s) => s.batches },
  { label: 'Keys', render: (s) => s.keys },
  { label: 'Faulty keys', render: (s) => s.faultyKeys },
];

const filters = [<AppSearchInput key="q" source="q" alwaysOn placeholder="Search by name" />];

const Actions = () => {
  const { canAccess } = useCanAccess({ resource: 'suppliers', action: 'create' });
  return <ListToolbar>{canAccess ? <CreateButton /> : null}</ListToolbar>;
};

/** The companies keys are bought from, with how many batches and keys each supplied. */
export const SupplierList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'suppliers', action: 'edit' });
  return (
    <AppList
      title="Suppliers"
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      cards={
        <RecordCards<Supplier>
          label="Suppliers"
          title={(s) => s.name}
          fields={CARD_FIELDS}
          linkToEdit={Boolean(canEdit)}
        />
      }
      table={
        <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.NumberCol source="batches" label="Batches" disableSort />
          <DataTable.NumberCol source="keys" label="Keys" disableSort />
          <DataTable.NumberCol source="faultyKeys" label="Faulty keys" disableSort />
          <DataTable.Col
            source="createdAt"
            label="Added"
            render={(record: Supplier) => formatDate(record.createdAt)}
          />
        </DataTable>
      }
    />
  );
};

export const SupplierInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={[required('Name is required'), maxLength(100)]} />
    <TextInput source="notes" label="Notes" multiline minRows={2} validate={maxLength(2000)} />
  </>
);

export const SupplierCreate = () => (
  <Create title="Add Supplier" redirect="list">
    <SimpleForm>
      <SupplierInputs />
    </SimpleForm>
  </Create>
);

/** Deleting is offered; the API refuses a supplier that has batches (they keep their supplier). */
export const SupplierEdit = () => (
  <Edit title="Edit Supplier" mutationMode="pessimistic" redirect="list">
    <SimpleForm
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          <DeleteButton mutationMode="pessimistic" />
        </Toolbar>
      }
    >
      <SupplierInputs />
    </SimpleForm>
  </Edit>
);
