import { describe, expect, it, vi } from 'vitest';
import { dataProvider, updatePayload } from '../resources';

describe('updatePayload', () => {
  it('sends only the writable fields that changed', () => {
    const previousData = { id: 'c1', code: 'SAVE10', percentOff: 10, active: true, redemptionCount: 3 };
    expect(updatePayload('coupons', { data: { ...previousData, active: false }, previousData })).toEqual({
      active: false,
    });
  });

  it('drops fields the API does not accept', () => {
    expect(
      updatePayload('license-keys', { data: { status: 'revoked', licenseKey: 'X' }, previousData: {} }),
    ).toEqual({ status: 'revoked' });
  });
});

describe('dataProvider.getList', () => {
  function stubList(headers: Record<string, string>) {
    const fetchMock = vi.fn(async (_url: string) => Response.json([{ id: 'k1' }], { headers }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const params = {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'createdAt', order: 'DESC' as const },
    filter: {},
  };

  it('reads license-keys from the API with the total', async () => {
    const fetchMock = stubList({ 'Content-Range': 'license-keys 0-0/1' });
    const result = await dataProvider.getList('license-keys', params);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/admin\/license-keys\?/);
    expect(result.total).toBe(1);
    expect(result.meta?.totalCapped).toBeUndefined();
  });

  it('names the backfill the API says the list may be missing rows of', async () => {
    stubList({ 'Content-Range': 'license-keys 0-0/1', 'X-Backfill-Running': 'license-key-search-terms' });
    const result = await dataProvider.getList('license-keys', params);
    expect(result.meta).toEqual({ backfillRunning: 'license-key-search-terms' });
  });

  it('flags a capped total', async () => {
    stubList({ 'Content-Range': 'orders 0-0/10000', 'X-Total-Capped': 'true' });
    const result = await dataProvider.getList('orders', params);
    expect(result.total).toBe(10000);
    expect(result.meta?.totalCapped).toBe(true);
  });
});

describe('dataProvider.getDashboard', () => {
  it('reads the figures from the API with the bearer token, uncached', async () => {
    localStorage.setItem('admin.token', 'token-1');
    const stats = { totalOrders: 3, totalRevenueCents: 12147, recentOrders: [], stock: [] };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(stats));
    vi.stubGlobal('fetch', fetchMock);

    await expect(dataProvider.getDashboard()).resolves.toEqual(stats);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/dashboard');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Cache-Control')).toBe('no-cache');
  });

  it('fails with the status of a refused call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Unauthorized' }, { status: 401 })),
    );

    await expect(dataProvider.getDashboard()).rejects.toMatchObject({ status: 401 });
  });
});
