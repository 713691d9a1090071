/** An error body of the API (web/http-error.filter.ts): one `message`, and each problem in `errors`. */
interface ErrorBody {
  message?: unknown;
  errors?: { field?: string; message: string }[];
}

/**
 * The messages of a refused request's problems, in order (a validation error names one per field). The
 * body's `message` is always one string, never a list.
 */
export function problems(body: unknown): string[] {
  const { message, errors } = body as ErrorBody;
  if (typeof message !== 'string') throw new Error(`message is not a string: ${JSON.stringify(message)}`);
  if (!Array.isArray(errors)) throw new Error(`no errors listed (message: ${message})`);
  return errors.map((problem) => problem.message);
}

/**
 * For a spec's helper that meets both kinds of 400: the problems listed in `errors` (a validation error),
 * else the one `message` (a rule of the service).
 */
export function problemsOrMessage(body: unknown): string[] | string {
  const { message, errors } = body as ErrorBody;
  return Array.isArray(errors) ? problems(body) : (message as string);
}
