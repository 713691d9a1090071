import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render';

const PAGES = [
  ['/compatibility', 'System Requirements & Compatibility'],
  ['/careers', 'Careers'],
  ['/delivery-policy', 'Delivery Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms & Conditions'],
  ['/eula', 'End-User Licence Agreement'],
  ['/enterprise-support', 'Enterprise Support'],
] as const;

function headingLevels(): number[] {
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName.slice(1)));
}

describe('content pages', { timeout: 20_000 }, () => {
  for (const [path, title] of PAGES) {
    it(`${path} renders its h1, its title and headings in order`, async () => {
      renderRoute(path);
      // Lazily loaded: the first import of a page can take a while on a busy machine.
      expect(
        await screen.findByRole('heading', { level: 1, name: new RegExp(title) }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(document.title).toBe(`${title} | Office Licence Store`);
      const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
      expect(description?.length).toBeGreaterThan(50);
      expect(document.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(
        description,
      );
      const levels = headingLevels();
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      for (let i = 1; i < levels.length; i += 1) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
    });
  }

  it('/enterprise-support has its own top bar and footer, not the store shell', async () => {
    renderRoute('/enterprise-support');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Cart' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Schedule a Call' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});
