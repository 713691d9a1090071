/**
 * An error answered by the API: its status and the messages of its `{statusCode, message, error, errors?}`
 * body (each problem of `errors` when it lists them, else its one `message`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** 428 past a store-wide ceiling: send again with a solved challenge (`X-Altcha`). */
    readonly challengeRequired = false,
  ) {
    super(messages.join(' ') || `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let messages: string[] = [];
  let challengeRequired = false;
  try {
    const body = (await response.json()) as {
      message?: unknown;
      errors?: { message?: unknown }[];
      challengeRequired?: unknown;
    };
    const listed = Array.isArray(body.errors) ? body.errors.map((problem) => problem?.message) : [];
    if (listed.length) messages = listed.filter((m): m is string => typeof m === 'string');
    else if (typeof body.message === 'string') messages = [body.message];
    challengeRequired = body.challengeRequired === true;
  } catch {
    // not JSON: the status alone tells what happened
  }
  return new ApiError(response.status, messages, challengeRequired);
}

/** Calls the store's API with JSON in and out; throws `ApiError` on a non-2xx answer. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}

/**
 * Fetches a file the store's API serves (a PDF), with the name its Content-Disposition gives (null without
 * one); throws `ApiError` on a non-2xx answer, as `api()` does.
 */
export async function apiFile(
  path: string,
  headers: HeadersInit = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(path, { headers, credentials: 'same-origin' });
  if (!response.ok) throw await errorFrom(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** How a request of the store's API failed: the status and messages of an answer, or no answer at all. */
export interface ApiFailure {
  /** The HTTP status, or `'FETCH_ERROR'` when no answer came (network down, unreadable body). */
  status: number | 'FETCH_ERROR';
  messages: string[];
  /** The write needs a solved challenge (see `ApiError`). */
  challengeRequired?: boolean;
}

export interface ApiRequest {
  url: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export const isApiFailure = (value: unknown): value is ApiFailure =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  Array.isArray((value as ApiFailure).messages);

/**
 * RTK Query's base query for the store's API: `api()` (the same request as every other call makes), with
 * its errors as plain data (kept in the store, where class instances do not belong).
 */
export async function apiBaseQuery(
  request: ApiRequest | string,
): Promise<{ data: unknown; error?: undefined } | { error: ApiFailure; data?: undefined }> {
  const { url, ...init } = typeof request === 'string' ? { url: request } : request;
  try {
    return { data: await api<unknown>(url, init) };
  } catch (error) {
    return error instanceof ApiError
      ? {
          error: {
            status: error.status,
            messages: error.messages,
            ...(error.challengeRequired ? { challengeRequired: true } : {}),
          },
        }
      : { error: { status: 'FETCH_ERROR', messages: [] } };
  }
}
