import {
  BooleanInput,
  DateTimeInput,
  NumberInput,
  TextInput,
  maxValue,
  minValue,
  required,
} from 'react-admin';

/** The fields of a coupon, shared by create and edit. */
export const CouponInputs = () => (
  <>
    <TextInput source="code" label="Code" validate={required('Coupon code is required')} />
    <NumberInput
      source="percentOff"
      label="Percent off"
      validate={[required('Percent off is required'), minValue(1), maxValue(100)]}
    />
    <BooleanInput source="active" label="Active" defaultValue />
    <DateTimeInput source="startsAt" label="Starts at" />
    <DateTimeInput source="expiresAt" label="Expires at" />
    <NumberInput source="maxRedemptions" label="Max redemptions" validate={minValue(1)} />
  </>
);
