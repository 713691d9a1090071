import { useCallback, useEffect, useState } from 'react';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '20rem';
export const SIDEBAR_WIDTH_ICON = '4rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
/** Below this width the sidebar is a slide-in sheet. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** The open state saved in the cookie; open when there is none. */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(cookie);
  return match ? match[1] === 'true' : true;
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Whether a key pressed there is typing: text fields, selects and editable content keep their keys. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(
    target.type,
  );
}

/**
 * Desktop open state (saved in the cookie) and the mobile sheet's state; Ctrl/Cmd+B toggles, except while
 * typing (it is bold, or the browser's own, in a text field).
 */
export function useSidebarState(isMobile: boolean) {
  const [open, setOpenState] = useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !isTyping(event.target)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { open, openMobile, setOpenMobile, toggle };
}
