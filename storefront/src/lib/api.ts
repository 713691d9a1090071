/** An error answered by the API: its status and the message(s) of its `{statusCode, message, error}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(' ') || `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let messages: string[] = [];
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') messages = [body.message];
    else if (Array.isArray(body.message)) messages = body.message.filter((m) => typeof m === 'string');
  } catch {
    // not JSON: the status alone tells what happened
  }
  return new ApiError(response.status, messages);
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
