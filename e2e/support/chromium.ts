import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the journeys drive, first found of: CHROMIUM_PATH; Debian's /usr/bin/chromium; the browser
 * `npx playwright install chromium` puts in Playwright's cache (macOS or any Linux with internet access).
 * Undefined when there is none.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', playwrightsOwn()];
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
  '  - on Debian or Ubuntu: apt-get install chromium (gives /usr/bin/chromium);',
  '  - anywhere with internet access: npx playwright install chromium.',
].join('\n');
