import { mixed, object, string, type InferType } from 'yup';
import { CONTACT_CATEGORIES, CONTACT_LIMITS, type ContactCategory } from '../../content/contact';

const CATEGORY_VALUES = CONTACT_CATEGORIES.map((c) => c.value);

/** The contact form's rules, with the server's messages (backend/src/contact/dto). Category is optional. */
export const contactSchema = object({
  name: string()
    .trim()
    .required('Name is required')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: string()
    .trim()
    .required('Email is required')
    .email('Please enter a valid email address')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`),
  subject: string()
    .trim()
    .required('Subject is required')
    .max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters`),
  // Optional: formik validates an empty choice as undefined.
  category: mixed<ContactCategory | ''>().oneOf(
    ['', ...CATEGORY_VALUES],
    `Category must be one of ${CATEGORY_VALUES.join(', ')}`,
  ),
  message: string()
    .trim()
    .required('Message is required')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactFormValues = Omit<InferType<typeof contactSchema>, 'category'> & {
  /** '' when no category is chosen. */
  category: ContactCategory | '';
};

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  subject: '',
  category: '',
  message: '',
};
