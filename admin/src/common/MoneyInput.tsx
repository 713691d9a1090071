import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';

/** The store's currency: every amount the back office takes or shows is in it. */
export const STORE_CURRENCY = 'USD';

const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
  2;

/**
 * What a person typed, in currency units ("18.50", "$18.5", "18"), as minor units (1850); null for
 * nothing typed, NaN for text that is not an amount (more decimals than the currency has, letters, a sign).
 */
export function parseMoney(text: string, currency = STORE_CURRENCY): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const digits = minorDigits(currency);
  const match = /^\$?\s*(\d{1,12})(?:\.(\d*))?$/.exec(trimmed.replace(/,(?=\d{3}(\D|$))/g, ''));
  if (!match || (match[2] ?? '').length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** 1850 → "18.50": minor units as the field's text (no symbol, no grouping). */
export function moneyText(minor: number | null | undefined, currency = STORE_CURRENCY): string {
  if (minor === null || minor === undefined || Number.isNaN(minor)) return '';
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** The message for text that is not an amount; every MoneyInput checks it first. */
export const notAnAmount =
  (currency = STORE_CURRENCY): Validator =>
  (value: unknown) =>
    typeof value === 'number' && Number.isNaN(value)
      ? `Enter an amount in ${currency === 'USD' ? 'dollars' : currency}, e.g. ${moneyText(4049, currency)}`
      : undefined;

export type MoneyInputProps = Omit<InputProps, 'format' | 'parse'> & {
  currency?: string;
  helperText?: string | false;
  fullWidth?: boolean;
  disabled?: boolean;
};

/**
 * A money field typed in currency units ("18.50") whose form value is integer minor units (1850), as the
 * API speaks: the one input for every amount in the back office. What is typed stays as typed while
 * typing; text that is not an amount is NaN in the form and refused with a message.
 */
export const MoneyInput = ({
  currency = STORE_CURRENCY,
  label,
  helperText,
  fullWidth,
  disabled,
  validate,
  ...props
}: MoneyInputProps) => {
  const { field, fieldState, formState, isRequired, id } = useInput({
    ...props,
    validate: [notAnAmount(currency), ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
  });
  const value = field.value as number | null | undefined | '';
  const current = value === '' || value === undefined ? null : value;
  const [typed, setTyped] = useState<string | null>(null);
  // What was typed while it still says the form's value; a value set from outside (a reset, a record
  // loaded) shows as that value.
  const typedValue = typed === null ? undefined : parseMoney(typed, currency);
  const text =
    typed !== null && (typedValue === current || (Number.isNaN(typedValue) && Number.isNaN(current)))
      ? typed
      : moneyText(current, currency);
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const showError = Boolean(error) && (fieldState.isTouched || formState.isSubmitted);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      disabled={disabled}
      fullWidth={fullWidth}
      onBlur={() => {
        const minor = parseMoney(text, currency);
        if (minor !== null && !Number.isNaN(minor)) setTyped(moneyText(minor, currency));
        field.onBlur();
      }}
      onChange={(event) => {
        setTyped(event.target.value);
        field.onChange(parseMoney(event.target.value, currency));
      }}
      label={
        label === false ? undefined : (
          <FieldTitle label={label} source={props.source} isRequired={isRequired} />
        )
      }
      error={showError}
      helperText={<InputHelperText error={showError ? error : undefined} helperText={helperText ?? false} />}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
      size="small"
      margin="dense"
      variant="filled"
    />
  );
};
