import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import { LICENSE_KEY } from '../test/fixtures';

const NOTICE = /Still indexing the keys stored before the upgrade/;

/** The keys list, its answer saying (or not) that older keys are still being indexed. */
function serveKeys(headers: Record<string, string> = {}) {
  return stubApi({
    'GET /api/admin/license-keys': () =>
      Response.json([LICENSE_KEY], { headers: { 'Content-Range': 'license-keys 0-0/1', ...headers } }),
  });
}

const searchFor = (q: string) => `/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

describe('the licence keys list after an upgrade', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a search may miss older keys while the API is still indexing them', async () => {
    serveKeys({ 'X-Backfill-Running': 'license-key-search-terms' });
    signIn('admin');
    renderAdmin(searchFor('ABCDE'));
    expect(await screen.findByText(NOTICE, undefined)).toBeTruthy();
    expect(screen.getByText(/A full key, a product or an order ID finds them as usual/)).toBeTruthy();
  });

  it('says nothing once they are indexed', async () => {
    serveKeys();
    signIn('admin');
    renderAdmin(searchFor('ABCDE'));
    expect(await screen.findByText(LICENSE_KEY.licenseKey, undefined)).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('says nothing without a search, even while indexing', async () => {
    serveKeys({ 'X-Backfill-Running': 'license-key-search-terms' });
    signIn('admin');
    renderAdmin('/admin/license-keys');
    expect(await screen.findByText(LICENSE_KEY.licenseKey, undefined)).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
