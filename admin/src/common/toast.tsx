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
 * Each of the API's messages of a failed call (a 400 names every invalid field, one message each), else the
 * fallback alone.
 */
export function errorMessages(error: unknown, fallback: string): string[] {
  const message = (error as { body?: { message?: unknown } } | null)?.body?.message;
  const messages = (Array.isArray(message) ? message : [message]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );
  return messages.length > 0 ? messages : [fallback];
}

/** The API's message of a failed call (react-admin's HttpError keeps the body), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  const message = body?.message;
  if (Array.isArray(message) && message.length > 0) return message.join(' ');
  if (typeof message === 'string' && message !== '') return message;
  return fallback;
}
