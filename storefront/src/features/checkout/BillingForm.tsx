import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useState } from 'react';
import { TrustIcon } from '../../components/brand/TrustBadge';
import { useAsPrerendered } from '../../lib/asPrerendered';
import { billingSchema, type Billing } from './billingSchema';
import { COUNTRIES, PHONE_KEYS } from './countries';

/**
 * The errors formik's own validation finds in `values` (same normalisation, same first message per field),
 * found synchronously: the form's first render already knows whether it may be submitted, where
 * `validateOnMount` would validate after mounting and render the whole form twice more.
 */
function errorsOf(values: Billing): FormikErrors<Billing> {
  try {
    void validateYupSchema(values, billingSchema, true);
    return {};
  } catch (error) {
    return yupToFormErrors<Billing>(error);
  }
}

/** Step 1: customer information and billing address, validated live (formik + yup). */
export function BillingForm({
  initialValues,
  onSubmit,
}: {
  initialValues: Billing;
  onSubmit: (billing: Billing) => void;
}) {
  const [initialErrors] = useState(() => errorsOf(initialValues));
  const asPrerendered = useAsPrerendered();
  const formik = useFormik<Billing>({
    initialValues,
    initialErrors,
    validationSchema: billingSchema,
    onSubmit: (values) => onSubmit(billingSchema.cast(values)),
  });

  const field = (name: keyof Billing, label: string, props: TextFieldProps = {}) => {
    const shown = formik.touched[name] && formik.errors[name];
    return (
      <TextField
        id={`billing-${name}`}
        name={name}
        label={label}
        value={formik.values[name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(shown)}
        helperText={shown || undefined}
        required
        fullWidth
        {...props}
        // Typing is kept for the hydrated form: React would reset what was typed in the prerendered one.
        slotProps={{ ...props.slotProps, htmlInput: { readOnly: asPrerendered } }}
      />
    );
  };

  return (
    <Box component="form" onSubmit={formik.handleSubmit} noValidate aria-label="Billing information">
      <Alert severity="success" role="note" icon={<TrustIcon kind="guarantee" />} sx={{ mb: 3 }}>
        <strong>30-Day Money-Back Guarantee</strong>: if your licence key doesn't work, we refund you in full.
      </Alert>

      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        Customer Information
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 4 }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          {field('email', 'Email address', {
            type: 'email',
            autoComplete: 'email',
            helperText:
              (formik.touched.email && formik.errors.email) ||
              'Your licence keys will be sent to this address',
          })}
        </Box>
        {field('firstName', 'First name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last name', { autoComplete: 'family-name' })}
      </Box>

      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        Billing Address
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          {field('address', 'Street address', { autoComplete: 'street-address' })}
        </Box>
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('zipCode', 'Postal code', { autoComplete: 'postal-code' })}
        {field('country', 'Country', {
          select: true,
          autoComplete: 'country',
          slotProps: { select: { native: true }, inputLabel: { shrink: true } },
          onChange: (event) => {
            formik.handleChange(event);
            const country = COUNTRIES.find((c) => c.code === event.target.value);
            if (country) void formik.setFieldValue('phoneCountryCode', country.phoneKey);
          },
          children: COUNTRIES.map((c) => (
            <option key={c.code} value={c.code} title={c.tooltip}>
              {c.name}
            </option>
          )),
        })}
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '120px 1fr' }}>
          {field('phoneCountryCode', 'Phone code', {
            select: true,
            slotProps: { select: { native: true }, inputLabel: { shrink: true } },
            children: PHONE_KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            )),
          })}
          {field('phone', 'Phone number', { type: 'tel', autoComplete: 'tel-national' })}
        </Box>
      </Box>

      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 4 }}
        disabled={!formik.isValid || formik.isSubmitting}
      >
        Continue to Payment
      </Button>
    </Box>
  );
}
