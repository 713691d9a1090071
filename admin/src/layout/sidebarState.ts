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

/** Desktop open state (saved in the cookie) and the mobile sheet's state; Ctrl/Cmd+B toggles. */
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
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { open, openMobile, setOpenMobile, toggle };
}
