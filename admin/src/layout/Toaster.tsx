import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
 * react-admin's notifications, one toast at a time: a new one replaces the one showing (three identical
 * failures show one toast, not a stack), at once rather than after the current one closes as react-admin's
 * own Notification makes it. At the top centre, where no dialog has its actions (they sit at its bottom).
 */
export const Toaster = () => {
  const { notifications, setNotifications } = useNotificationContext();
  const [container, setContainer] = useState<HTMLElement | null>(null);

  // The older ones are dropped, not queued: they must not come back when the newest closes.
  useEffect(() => {
    if (notifications.length > 1) setNotifications((list) => list.slice(-1));
  }, [notifications, setNotifications]);

  // An open dialog marks the rest of the page aria-hidden, toasts included; they are status messages that
  // must still be announced (and found by role), so the mark is taken off the toast.
  useEffect(() => {
    if (!container) return;
    const observer = new MutationObserver(() => {
      if (container.hasAttribute('aria-hidden')) container.removeAttribute('aria-hidden');
    });
    observer.observe(container, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [container]);

  const current = notifications.at(-1);
  if (!current) return null;
  return createPortal(
    <Box
      ref={setContainer}
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'snackbar',
        maxWidth: 420,
        width: 'calc(100% - 32px)',
      }}
    >
      <Toast key={idOf(current)} payload={current} />
    </Box>,
    document.body,
  );
};
