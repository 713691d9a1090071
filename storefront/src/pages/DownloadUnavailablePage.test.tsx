import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { downloadUnavailable as copy } from '../content/downloadUnavailable';
import { renderRoute } from '../test/render';

describe('DownloadUnavailablePage', () => {
  it('says why the link no longer works and where to go next', async () => {
    renderRoute('/download-unavailable?reason=expired');
    expect(await screen.findByRole('heading', { level: 1, name: copy.heading })).toBeTruthy();
    expect(screen.getByText(copy.reasons.expired)).toBeTruthy();
    expect(screen.getByRole('link', { name: copy.licences.label }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: copy.support.label }).getAttribute('href')).toBe('/contact');
    expect(document.title).toBe(`${copy.title} | Office Licence Store`);
  });

  it('names each reason the server gives, and treats any other as an unknown link', async () => {
    for (const reason of ['limit', 'deactivated', 'unknown', 'nonsense'] as const) {
      const { unmount } = renderRoute(`/download-unavailable?reason=${reason}`);
      expect(
        await screen.findByText(reason === 'nonsense' ? copy.reasons.unknown : copy.reasons[reason]),
      ).toBeTruthy();
      unmount();
    }
  });
});
