import { afterEach, describe, expect, it } from 'vitest';
import { readSidebarCookie, writeSidebarCookie } from './sidebarState';

afterEach(() => {
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

describe('the sidebar_state cookie', () => {
  it('reads open when there is none', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('other=1')).toBe(true);
  });

  it('reads the saved state among other cookies', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('writes the state back', () => {
    writeSidebarCookie(false);
    expect(readSidebarCookie()).toBe(false);
    writeSidebarCookie(true);
    expect(readSidebarCookie()).toBe(true);
  });
});
