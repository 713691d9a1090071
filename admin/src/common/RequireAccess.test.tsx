import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';

/** What the pages ask of the API (anything under /api/admin but the sidebar's review count). */
const pageCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://admin.test').pathname)
    .filter((path) => /\/api\/admin\/(reports|tax)\//.test(path));

describe('pages that are not lists, for a role that may not use them', () => {
  it.each([
    ['Reports', '/admin/reports'],
    ['Tax returns', '/admin/tax-returns'],
  ])('shows support staff "Access denied" on %s, asking the API nothing', async (_page, path) => {
    const fetchMock = stubApi({});
    signIn('support');
    renderAdmin(path);
    expect(await screen.findByText(/access denied/i)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Margins|Tax returns/ })).toBeNull();
    expect(pageCalls(fetchMock)).toEqual([]);
  });

  it('shows an admin the page', async () => {
    stubApi({ 'GET /api/admin/reports/margins': () => Response.json({ rows: [] }) });
    signIn();
    renderAdmin('/admin/reports');
    expect(await screen.findByRole('heading', { name: 'Margins' })).toBeTruthy();
    expect(screen.queryByText(/access denied/i)).toBeNull();
  });
});
