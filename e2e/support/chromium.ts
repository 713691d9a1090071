import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the journeys drive, first found of: CHROMIUM_PATH; Debian's headless shell
 * (/usr/bin/chromium-headless-shell: Chromium's old headless mode, the one Playwright's own downloads use
 * for headless runs, lighter than the full browser: the journeys took 35-39 % less CPU in it than in that,
 * 2026-11-30); Debian's /usr/bin/chromium; the browser `npx playwright install chromium` puts in
 * Playwright's cache (macOS or any Linux with internet access). Undefined when there is none.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    playwrightsOwn(),
  ];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

function playwrightsOwn(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    // Playwright does not know this platform.
    return undefined;
  }
}

/** Said once, before any journey starts, when findChromium() finds none. */
export const NO_CHROMIUM = [
  'e2e: no Chromium to drive. Do one of:',
  '  - set CHROMIUM_PATH to a Chromium or Chrome executable;',
  '  - on Debian or Ubuntu: apt-get install chromium-headless-shell (or chromium);',
  '  - anywhere with internet access: npx playwright install chromium.',
].join('\n');
