import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { isValidElement, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';

const DEFAULT_DURATION = 5000;

const ids = new WeakMap<NotificationPayload, number>();
let nextId = 0;
function idOf(payload: NotificationPayload): number {
  let id = ids.get(payload);
  if (id === undefined) {
    id = nextId++;
    ids.set(payload, id);
  }
  return id;
}

const SEVERITY = { success: 'success', error: 'error', warning: 'warning', info: 'info' } as const;

const Toast = ({ payload }: { payload: NotificationPayload }) => {
  const translate = useTranslate();
  const { setNotifications } = useNotificationContext();
  const { message, type, notificationOptions } = payload;
  const duration = notificationOptions?.autoHideDuration;
  const close = useCallback(
    () => setNotifications((list) => list.filter((item) => item !== payload)),
    [payload, setNotifications],
  );

  useEffect(() => {
    if (duration === null) return;
    const timer = setTimeout(close, duration ?? DEFAULT_DURATION);
    return () => clearTimeout(timer);
  }, [duration, close]);

  if (isValidElement(message)) return message;
  return (
    <Alert
      severity={SEVERITY[type ?? 'info']}
      variant="filled"
      role={type === 'error' ? 'alert' : 'status'}
      onClose={close}
    >
      {typeof message === 'string'
        ? translate(message, { _: message, ...notificationOptions?.messageArgs })
        : null}
    </Alert>
  );
};

/**
 * react-admin's notifications as a stack of toasts: a new one shows at once instead of waiting for the
 * current one to close, as react-admin's own Notification makes it.
 */
export const Toaster = () => {
  const { notifications } = useNotificationContext();
  const [container, setContainer] = useState<HTMLElement | null>(null);

  // An open dialog marks the rest of the page aria-hidden, toasts included; they are status messages that
  // must still be announced (and found by role), so the mark is taken off the toast stack.
  useEffect(() => {
    if (!container) return;
    const observer = new MutationObserver(() => {
      if (container.hasAttribute('aria-hidden')) container.removeAttribute('aria-hidden');
    });
    observer.observe(container, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [container]);

  if (notifications.length === 0) return null;
  return createPortal(
    <Stack
      ref={setContainer}
      spacing={1}
      sx={{
        position: 'fixed',
        bottom: 16,
        right: 16,
        zIndex: 'snackbar',
        maxWidth: 420,
        width: 'calc(100% - 32px)',
      }}
    >
      {notifications.map((payload) => (
        <Toast key={idOf(payload)} payload={payload} />
      ))}
    </Stack>,
    document.body,
  );
};
