import { ValidateBy } from 'class-validator';

/**
 * Text a document prints (an invoice is never re-issued): no C0 or C1 control character (tab, NUL, form
 * feed, line breaks), no line or paragraph separator, and none of the marks, embeddings, overrides and
 * isolates of bidirectional text (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder what
 * a reader sees. Zero-width joiners stay: some scripts spell names with them. The storefront checks the
 * same pattern (published in the API contract as the fields' `pattern`).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const PRINTABLE_TEXT = /^[^\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]*$/;

/** Refuses a string that is not PRINTABLE_TEXT: "`label` must not contain … (`field`)". */
export function PrintableText(label: string, field: string): PropertyDecorator {
  return ValidateBy({
    name: 'printableText',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || PRINTABLE_TEXT.test(value),
      defaultMessage: () =>
        `${label} must not contain control characters (tabs, line breaks) or text-direction marks (${field})`,
    },
  });
}
