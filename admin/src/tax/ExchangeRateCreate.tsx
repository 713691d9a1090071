import { Create, SimpleForm } from 'react-admin';
import { ExchangeRateInputs } from './ExchangeRateInputs';

export const ExchangeRateCreate = () => (
  <Create title="Enter Exchange Rate" redirect="list">
    <SimpleForm>
      <ExchangeRateInputs />
    </SimpleForm>
  </Create>
);
