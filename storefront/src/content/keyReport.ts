import { KEY_REPORT_RULES } from '@store/contracts';

/** The largest screenshot the server takes (backend key-reports/screenshot.ts): 2 MB. */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const ERROR_MESSAGE_MAX = KEY_REPORT_RULES.errorMessage.maxLength;

/** The licence page's "my key doesn't work" report, in the customer's words. */
export const KEY_REPORT = {
  open: 'Key doesn’t activate?',
  openLabel: (key: string) => `Report that licence key ${key} doesn’t activate`,
  title: 'Report a key that doesn’t activate',
  intro:
    'Tell us the error you saw when activating. We check every report and either send you a replacement key ' +
    'or reply by e-mail, within the 30-day seller support period.',
  errorLabel: 'The error you saw',
  screenshotLabel: 'Add a screenshot (optional)',
  screenshotHint: 'PNG, JPEG or WebP, up to 2 MB.',
  removeScreenshot: 'Remove screenshot',
  screenshotType: 'The screenshot must be a PNG, JPEG or WebP image.',
  screenshotSize: 'The screenshot must be at most 2 MB.',
  cancel: 'Cancel',
  send: 'Send report',
  sending: 'Sending…',
  sent: { title: 'Report sent', description: 'We’ll e-mail you a replacement key or an answer.' },
  failed: 'We couldn’t send your report. Please try again, or contact support.',
  tooMany: 'Too many reports in a short time. Please wait a minute and try again.',
  openReport: (date: string) => `Reported on ${date}: we’re looking into it and will e-mail you.`,
  answered: 'Our answer:',
  replaced: 'Replaced: this key no longer works. Use its replacement.',
} as const;
