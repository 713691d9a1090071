import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { TrustIcon } from '../../components/brand/TrustBadge';
import { useAsPrerendered } from '../../lib/asPrerendered';
import { businessCopy } from '../../content/tax';
import { billingSchema, emptyBilling, type Billing } from './billingSchema';
import { rejectionErrors, type BusinessRejection } from './businessRejections';
import { COUNTRIES, PHONE_KEYS, vatNumberOffered } from './countries';
import { readSavedBilling, saveBilling } from './savedBilling';

const NO_REJECTIONS: BusinessRejection[] = [];

/**
 * The errors formik's own validation finds in `values` (same normalisation, same first message per field),
 * found synchronously: the form's first render already knows whether it may be submitted, where
 * `validateOnMount` would validate after mounting and render the whole form twice more.
 */
function errorsOf(values: Billing, rejected: readonly BusinessRejection[]): FormikErrors<Billing> {
  try {
    void validateYupSchema(values, billingSchema, true);
    return rejectionErrors(values, rejected);
  } catch (error) {
    return { ...rejectionErrors(values, rejected), ...yupToFormErrors<Billing>(error) };
  }
}

/**
 * Step 1: customer information and billing address, validated live (formik + yup); a business buyer's company
 * name and VAT number once "Buying for a business" is ticked. `rejected`: business details the server refused,
 * shown on their fields until changed.
 */
export function BillingForm({
  initialValues,
  rejected = NO_REJECTIONS,
  onSubmit,
}: {
  initialValues: Billing;
  rejected?: readonly BusinessRejection[];
  onSubmit: (billing: Billing) => void;
}) {
  const [initialErrors] = useState(() => errorsOf(initialValues, rejected));
  const asPrerendered = useAsPrerendered();
  const formik = useFormik<Billing>({
    initialValues,
    initialErrors,
    // A refused field shows its message at once, not only after it has been visited.
    initialTouched: Object.fromEntries(rejected.map((r) => [r.field, true])),
    validationSchema: billingSchema,
    // Besides the schema's errors: a refused value had passed the schema, so the two never meet.
    validate: (values) => rejectionErrors(values, rejected),
    onSubmit: (values) => onSubmit(billingSchema.cast(values)),
  });
  const refusals = rejected.filter((r) => formik.errors[r.field] === r.message);

  // What the tab kept of the form (savedBilling.ts) comes back after a reload, once hydrated (the build
  // prerendered the empty form); from then on, what is typed is kept.
  const { setValues } = formik;
  const restored = useRef(false);
  useEffect(() => {
    if (asPrerendered || restored.current) return;
    restored.current = true;
    const saved = initialValues === emptyBilling ? readSavedBilling() : null;
    if (saved) void setValues(saved, true);
  }, [asPrerendered, initialValues, setValues]);
  useEffect(() => {
    if (restored.current) saveBilling(formik.values);
  }, [formik.values]);

  const field = (name: Exclude<keyof Billing, 'business'>, label: string, props: TextFieldProps = {}) => {
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
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {businessCopy.refused} {refusals.map((r) => r.message).join(' ')}
        </Alert>
      )}

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

      <FormControlLabel
        sx={{ mt: 3 }}
        control={<Checkbox name="business" checked={formik.values.business} onChange={formik.handleChange} />}
        label={businessCopy.checkbox}
      />
      {formik.values.business && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
          {field('company', businessCopy.company, { autoComplete: 'organization' })}
          {vatNumberOffered(formik.values.country) ? (
            field('vatNumber', businessCopy.vatNumber, {
              required: false,
              autoComplete: 'off',
              helperText: (formik.touched.vatNumber && formik.errors.vatNumber) || businessCopy.vatNumberHint,
            })
          ) : (
            <Typography variant="body2" color="textSecondary" sx={{ alignSelf: 'center' }}>
              {businessCopy.vatNumberNotOffered}
            </Typography>
          )}
        </Box>
      )}

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
