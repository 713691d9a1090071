/**
 * The languages the store speaks to buyers (#36): English (the default and the spec's), German, French and
 * Japanese. An order keeps the one it was placed in (`locale`), for the e-mails and documents that follow.
 */
export const LOCALES = ['en', 'de', 'fr', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of a checkout that names none, and of every order placed before #36. */
export const DEFAULT_LOCALE: Locale = 'en';
