import type { AppConfig } from '../../config/app-config.js';
import type { DataSource } from 'typeorm';
import type { InventoryService } from '../../license-keys/inventory.service.js';
import type { StockService } from '../../stock/stock.service.js';
import { DASHBOARD_CACHE_MS, DASHBOARD_STALE_MS, DashboardService } from './dashboard.service.js';
import type { DashboardStatsDto } from './dto/dashboard.dto.js';

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const figures = (totalOrders: number) => ({ totalOrders }) as DashboardStatsDto;

describe('DashboardService cache', () => {
  let service: DashboardService;
  /** One controllable promise per computation, in the order they were started. */
  let runs: ReturnType<typeof deferred<DashboardStatsDto>>[];
  let compute: jest.SpyInstance;

  beforeEach(() => {
    // A fake clock: Date.now() moves only when the test says so.
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    service = new DashboardService({} as DataSource, {} as InventoryService, {} as StockService, {
      review: { alertAfterHours: 24 } as AppConfig['review'],
    });
    runs = [];
    compute = jest
      .spyOn(service as unknown as { compute: () => Promise<DashboardStatsDto> }, 'compute')
      .mockImplementation(() => {
        const run = deferred<DashboardStatsDto>();
        runs.push(run);
        return run.promise;
      });
  });
  afterEach(() => jest.useRealTimers());

  it('lets concurrent requests share one in-flight computation, however long it takes', async () => {
    const first = service.stats();
    const second = service.stats();
    // Longer than the cache lifetime: a request now still joins the computation under way.
    jest.advanceTimersByTime(DASHBOARD_CACHE_MS + 1_000);
    const third = service.stats();
    const fresh = service.stats(true);
    expect(compute).toHaveBeenCalledTimes(1);

    runs[0]!.resolve(figures(1));
    const answers = await Promise.all([first, second, third, fresh]);
    expect(answers.map((a) => a.totalOrders)).toEqual([1, 1, 1, 1]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps the figures for DASHBOARD_CACHE_MS counted from when the computation completed', async () => {
    const first = service.stats();
    // The computation takes 4 s: its figures are good for 5 s from then, not 1 s.
    jest.advanceTimersByTime(4_000);
    runs[0]!.resolve(figures(1));
    await first;

    jest.advanceTimersByTime(DASHBOARD_CACHE_MS - 1);
    expect((await service.stats()).totalOrders).toBe(1);
    expect(compute).toHaveBeenCalledTimes(1);

    // Older: answered at once, while new figures are computed in the background.
    jest.advanceTimersByTime(1);
    expect((await service.stats()).totalOrders).toBe(1);
    expect((await service.stats()).totalOrders).toBe(1);
    expect(compute).toHaveBeenCalledTimes(2);
    runs[1]!.resolve(figures(2));
    await jest.advanceTimersByTimeAsync(0);
    expect((await service.stats()).totalOrders).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('makes requests wait once the figures are older than DASHBOARD_STALE_MS', async () => {
    const first = service.stats();
    runs[0]!.resolve(figures(1));
    await first;
    // A background refresh fails: the old figures are still answered while they are not too old.
    jest.advanceTimersByTime(DASHBOARD_CACHE_MS);
    expect((await service.stats()).totalOrders).toBe(1);
    runs[1]!.reject(new Error('database unavailable'));
    await jest.advanceTimersByTimeAsync(0);

    jest.advanceTimersByTime(DASHBOARD_STALE_MS - DASHBOARD_CACHE_MS);
    const waiting = service.stats();
    expect(compute).toHaveBeenCalledTimes(3);
    runs[2]!.reject(new Error('database unavailable'));
    await expect(waiting).rejects.toThrow('database unavailable');
  });

  it('does not keep a failed computation: everyone waiting sees the error, the next request retries', async () => {
    const first = service.stats();
    const second = service.stats();
    runs[0]!.reject(new Error('database unavailable'));
    await expect(first).rejects.toThrow('database unavailable');
    await expect(second).rejects.toThrow('database unavailable');

    // No time has passed: the failure is still not served from the cache.
    const retry = service.stats();
    expect(compute).toHaveBeenCalledTimes(2);
    runs[1]!.resolve(figures(3));
    expect((await retry).totalOrders).toBe(3);
    expect((await service.stats()).totalOrders).toBe(3);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('computes again for a fresh request, and a failed fresh computation leaves the cached figures', async () => {
    const first = service.stats();
    runs[0]!.resolve(figures(1));
    await first;

    const fresh = service.stats(true);
    expect(compute).toHaveBeenCalledTimes(2);
    runs[1]!.resolve(figures(2));
    expect((await fresh).totalOrders).toBe(2);
    expect((await service.stats()).totalOrders).toBe(2);

    const failing = service.stats(true);
    runs[2]!.reject(new Error('timeout'));
    await expect(failing).rejects.toThrow('timeout');
    expect((await service.stats()).totalOrders).toBe(2);
    expect(compute).toHaveBeenCalledTimes(3);
  });
});
