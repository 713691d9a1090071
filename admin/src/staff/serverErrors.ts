/** The fields of the staff form that the server's messages can be about. */
export type StaffField = 'username' | 'password' | 'role';

/** Which field a message of `POST`/`PUT /api/admin/staff` is about: the API names it first. */
const FIELD_OF: readonly [RegExp, StaffField][] = [
  [/^username\b/i, 'username'],
  [/^password\b/i, 'password'],
  [/^role\b|^At least one administrator must remain/i, 'role'],
];

/**
 * The server's messages sorted onto the form's fields (the first for a field; react-hook-form shows one),
 * and the rest, which belong to no field ("Nothing to update", a network failure).
 */
export function sortStaffErrors(messages: readonly string[]): {
  fields: Partial<Record<StaffField, string>>;
  others: string[];
} {
  const fields: Partial<Record<StaffField, string>> = {};
  const others: string[] = [];
  for (const message of messages) {
    const field = FIELD_OF.find(([pattern]) => pattern.test(message))?.[1];
    if (field && fields[field] === undefined) fields[field] = message;
    else others.push(message);
  }
  return { fields, others };
}
