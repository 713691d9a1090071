import { expect, test } from './admin-fixtures.js';

// Issue #34: support staff who open an admin-only page by its address get the back office's "Access
// denied" at once, as on the admin-only lists, not the page and then the API's refusal.
test.describe('for support', () => {
  test.use({ role: 'support' });

  for (const path of ['/admin/reports', '/admin/tax-returns']) {
    test(`${path} says Access denied, asking the API nothing`, async ({ page }) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/api\/admin\/(reports|tax)(\/|$)/.test(pathname)) asked.push(pathname);
      });
      await page.goto(path);
      await expect(page.getByText(/access denied/i).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: /^(Margins|Tax returns)$/ })).toHaveCount(0);
      expect(asked).toEqual([]);
    });
  }
});
