import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { minorUnitDigits } from './format';
import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "$", "€", "¥", "CA$": what formatMoney writes before an amount in the currency. */
const symbolOf = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/**
 * What a person typed, in the currency's major units ("18.50", "$18.5", "18"; "6000" yen), as minor units
 * (1850; 6000), by digits, not by multiplying a float (0.29 is 29, not 28.999…); null for nothing typed,
 * NaN for text that is not an amount (more decimals than the currency has, letters, a sign).
 */
export function parseMoney(text: string, currency: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const digits = minorUnitDigits(currency);
  const symbol = `(?:${escapeRegExp(symbolOf(currency))})?`;
  const match = new RegExp(`^${symbol}\\s*(\\d{1,12})(?:\\.(\\d*))?$`).exec(
    trimmed.replace(/,(?=\d{3}(\D|$))/g, ''),
  );
  if (!match || (match[2] ?? '').length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** 1850 → "18.50", 6000 yen → "6000": minor units as the field's text (no symbol, no grouping). */
export function moneyText(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined || Number.isNaN(minor)) return '';
  const digits = minorUnitDigits(currency);
  const whole = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return digits ? `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}` : `${sign}${whole}`;
}

/** The same form value (NaN, text that is not an amount, equals itself here). */
const sameAmount = (a: number | null | undefined, b: number | null | undefined) =>
  a === b || (Number.isNaN(a) && Number.isNaN(b));

/** The message for text that is not an amount; every MoneyInput checks it first. */
export const notAnAmount =
  (currency: string): Validator =>
  (value: unknown) =>
    typeof value === 'number' && Number.isNaN(value)
      ? `Enter an amount in ${currency === 'USD' ? 'dollars' : currency}, e.g. ${moneyText(4049, currency)}`
      : undefined;

export type MoneyInputProps = Omit<InputProps, 'format' | 'parse'> & {
  /** The record's currency: what is typed is in its major units, the form's value in its minor units. */
  currency: string;
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
  currency,
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
  const text = typed !== null && sameAmount(typedValue, current) ? typed : moneyText(current, currency);
  // The currency changed under an amount already shown (a batch's cost typed, then its currency picked): the
  // text stays as shown and is read in the new currency, so 12.50 dollars become 12.50 euros, or an error
  // for yen, never ¥1,250. A currency changed with the value (a form reset to another record) is left.
  const shown = useRef({ text, currency, value: current });
  useEffect(() => {
    const before = shown.current;
    shown.current = { text, currency, value: current };
    if (before.currency === currency || !sameAmount(before.value, current)) return;
    shown.current.text = before.text;
    setTyped(before.text);
    field.onChange(parseMoney(before.text, currency));
  }, [text, currency, current, field]);
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
        htmlInput: { inputMode: minorUnitDigits(currency) ? 'decimal' : 'numeric', autoComplete: 'off' },
      }}
      size="small"
      margin="dense"
      variant="filled"
    />
  );
};
