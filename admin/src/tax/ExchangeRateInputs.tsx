import { regex, required, TextInput } from 'react-admin';

/** The server's patterns (CreateExchangeRateDto), so a mistyped field is pointed out before sending. */
const CURRENCY = /^[A-Za-z]{3}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d{1,9}(\.\d{1,6})?$/;

/** The fields of a rate, shared by create and edit. */
export const ExchangeRateInputs = () => (
  <>
    <TextInput
      source="currency"
      label="Currency"
      helperText="Three letters, such as USD"
      validate={[
        required('Currency is required'),
        regex(CURRENCY, 'Currency must be a three-letter code such as USD'),
      ]}
    />
    <TextInput
      source="date"
      label="Date"
      helperText="The ECB's publication day, such as 2026-12-31"
      validate={[required('Date is required'), regex(DAY, 'Date must be a day such as 2026-12-31')]}
    />
    <TextInput
      source="rate"
      label="Rate"
      helperText="What 1 EUR is in the currency, as the ECB writes it, such as 1.0823"
      validate={[required('Rate is required'), regex(RATE, 'Rate must be a number such as 1.0823')]}
    />
  </>
);
