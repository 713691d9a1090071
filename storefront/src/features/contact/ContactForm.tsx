import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../components/toast/toast';
import { CONTACT_CATEGORIES, CONTACT_FORM, CONTACT_TOAST } from '../../content/contact';
import { ApiError } from '../../api/http';
import { useAsPrerendered } from '../../lib/asPrerendered';
import { HumanCheck } from '../challenge/HumanCheck';
import { sendContactMessage } from './contactApi';
import { contactSchema, EMPTY_CONTACT_FORM, type ContactFormValues } from './contactSchema';

type TextFieldName = Exclude<keyof ContactFormValues, 'category'>;

/** Why a message could not be sent, in words a visitor can act on. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.messages.length > 0)
    return `${CONTACT_FORM.invalid} ${error.messages.join(' ')}`;
  if (error instanceof ApiError && error.status === 429) return CONTACT_FORM.tooMany;
  return CONTACT_FORM.failed;
}

/**
 * The message form: posts to `POST /api/contact`; on success it clears and shows the spec's toast, on
 * failure it keeps what was typed and says what went wrong.
 */
export function ContactForm({ initialValues }: { initialValues: ContactFormValues }) {
  const [failure, setFailure] = useState<string | null>(null);
  // Asked when the store is receiving many messages: a new check (key) each time, its solution sent once.
  const [check, setCheck] = useState<number | null>(null);
  const solution = useRef<string | undefined>(undefined);
  const asPrerendered = useAsPrerendered();
  const formik = useFormik<ContactFormValues>({
    initialValues,
    validationSchema: contactSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const altcha = solution.current;
      solution.current = undefined;
      try {
        await sendContactMessage({ ...contactSchema.cast(values), category: values.category }, altcha);
        setCheck(null);
        helpers.resetForm({ values: EMPTY_CONTACT_FORM });
        toast({ ...CONTACT_TOAST, variant: 'success' });
      } catch (error) {
        if (error instanceof ApiError && error.challengeRequired) setCheck((n) => (n ?? 0) + 1);
        else setFailure(failureMessage(error));
      }
    },
  });
  const { submitForm } = formik;
  const solved = useCallback(
    (payload: string) => {
      solution.current = payload;
      void submitForm();
    },
    [submitForm],
  );
  const sending = formik.isSubmitting;

  const field = (name: TextFieldName, props: TextFieldProps = {}) => {
    const shown = formik.touched[name] && formik.errors[name];
    return (
      <TextField
        id={`contact-${name}`}
        name={name}
        label={CONTACT_FORM.labels[name]}
        value={formik.values[name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(shown)}
        helperText={shown || undefined}
        required
        fullWidth
        disabled={sending}
        {...props}
        // Typing is kept for the hydrated form: React would reset what was typed in the prerendered one.
        slotProps={{ ...props.slotProps, htmlInput: { readOnly: asPrerendered } }}
      />
    );
  };

  return (
    <Box component="form" onSubmit={formik.handleSubmit} noValidate aria-labelledby="contact-form-title">
      <Typography id="contact-form-title" variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {CONTACT_FORM.heading}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {CONTACT_FORM.requiredNote}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
        <Box sx={{ gridColumn: '1 / -1' }}>{field('subject')}</Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextField
            id="contact-category"
            name="category"
            label={CONTACT_FORM.labels.category}
            select
            value={formik.values.category}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            fullWidth
            disabled={sending}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{CONTACT_FORM.noCategory}</option>
            {CONTACT_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </TextField>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>{field('message', { multiline: true, minRows: 5 })}</Box>
      </Box>
      {check !== null && <HumanCheck key={check} onSolved={solved} />}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        // In the page prerendered at build time, until hydrated: the browser would send the form itself,
        // the message in the page's address.
        disabled={sending || asPrerendered || check !== null}
        sx={{ mt: 3 }}
      >
        {sending ? CONTACT_FORM.sending : CONTACT_FORM.send}
      </Button>
    </Box>
  );
}
