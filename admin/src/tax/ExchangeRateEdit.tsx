import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { ExchangeRateInputs } from './ExchangeRateInputs';

export const ExchangeRateEdit = () => (
  <Edit title="Edit Exchange Rate" mutationMode="pessimistic" redirect="list">
    <SimpleForm
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          <DeleteButton mutationMode="pessimistic" />
        </Toolbar>
      }
    >
      <ExchangeRateInputs />
    </SimpleForm>
  </Edit>
);
