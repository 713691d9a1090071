import type { FormikErrors } from 'formik';
import type { BillingDetails } from '../../api/types';
import { normaliseVatNumber, type Billing } from './billingSchema';

export type BusinessField = 'company' | 'vatNumber';

/**
 * A business detail the server refused at the payment step (a 400 naming the company name or the VAT
 * number): the field, what was sent with the billing country, and the server's message. The form
 * shows the message on that field for as long as it holds what was refused.
 */
export interface BusinessRejection {
  field: BusinessField;
  value: string;
  country: string;
  message: string;
}

/**
 * Which field a message of the server names: by its words ("Company name is required with a VAT number",
 * "VAT number FR… is not registered for VAT"), a message that starts with the company's name before one
 * that names the VAT number; or by the path the server's messages once held ("… (billing.vatNumber)").
 */
function fieldOf(message: string): BusinessField | null {
  const path = /\bbilling\.(company|vatNumber)\b/.exec(message);
  if (path) return path[1] as BusinessField;
  if (/^company name\b/i.test(message)) return 'company';
  if (/\bvat ?number\b/i.test(message)) return 'vatNumber';
  if (/\bcompany\b/i.test(message)) return 'company';
  return null;
}

/**
 * The refusals of a 400's `messages` for the business details of `billing`; none unless every message names a
 * business field the request held (any other message is shown where the payment step shows errors).
 */
export function businessRejections(messages: string[], billing: BillingDetails): BusinessRejection[] {
  const rejections = messages.flatMap((message): BusinessRejection[] => {
    const field = fieldOf(message);
    const value = field ? billing[field] : undefined;
    return field && value ? [{ field, value, country: billing.country, message }] : [];
  });
  return messages.length > 0 && rejections.length === messages.length ? rejections : [];
}

/** What a field holds as it is sent (billingDetails): the VAT number normalised, the company trimmed. */
const sentValue = (field: BusinessField, values: Billing) =>
  field === 'vatNumber' ? normaliseVatNumber(values.vatNumber.trim()) : values.company.trim();

/** The server's messages for the fields that still hold what it refused (the first per field). */
export function rejectionErrors(
  values: Billing,
  rejections: readonly BusinessRejection[],
): FormikErrors<Billing> {
  const errors: FormikErrors<Billing> = {};
  if (!values.business) return errors;
  for (const { field, value, country, message } of rejections) {
    if (values.country === country && sentValue(field, values) === value) errors[field] ??= message;
  }
  return errors;
}
