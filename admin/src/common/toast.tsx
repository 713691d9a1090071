import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useCallback, type ReactNode } from 'react';
import { useNotify } from 'react-admin';

export type ToastVariant = 'success' | 'info' | 'error';

/** A toast with a title and an optional description, as the spec words its messages ('Copied' / '...'). */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (title: string, description?: ReactNode, variant: ToastVariant = 'success') =>
      notify(
        <Alert severity={variant} variant="filled" role={variant === 'error' ? 'alert' : 'status'}>
          <AlertTitle>{title}</AlertTitle>
          {description}
        </Alert>,
        { type: variant, autoHideDuration: 5000 },
      ),
    [notify],
  );
}

/**
 * Each of the API's messages of a failed call (a 400 lists every invalid field in `errors`, one message
 * each), else its one message, else the fallback alone.
 */
export function errorMessages(error: unknown, fallback: string): string[] {
  const body = (error as { body?: { message?: unknown; errors?: unknown } } | null)?.body;
  const listed = Array.isArray(body?.errors)
    ? body.errors.map((problem) => (problem as { message?: unknown } | null)?.message)
    : [body?.message];
  const messages = listed.filter((item): item is string => typeof item === 'string' && item !== '');
  return messages.length > 0 ? messages : [fallback];
}

/** The API's message of a failed call (react-admin's HttpError keeps the body), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  const message = body?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
