import { describe, expect, it, vi } from 'vitest';
import { dataProvider, updatePayload } from './dataProvider';

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

  it('flags a capped total', async () => {
    stubList({ 'Content-Range': 'orders 0-0/10000', 'X-Total-Capped': 'true' });
    const result = await dataProvider.getList('orders', params);
    expect(result.total).toBe(10000);
    expect(result.meta?.totalCapped).toBe(true);
  });
});
