import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestStore } from '../../test/render';
import { useOrderStatus } from './useOrderStatus';

const ORDER_ID = '6f1c2d3e-0000-4000-8000-000000000003';
const answer = (status: string, paymentStatus: string) =>
  Response.json({ orderId: ORDER_ID, status, paymentStatus, customerEmail: 'kim@example.com' });

function renderStatus() {
  const store = makeTestStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useOrderStatus(ORDER_ID, 'secret_3'), { wrapper });
}

describe('useOrderStatus', () => {
  afterEach(() => vi.useRealTimers());

  it('polls every 3 s until the order settles, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answers = [answer('processing', 'pending'), answer('processing', 'completed')];
    const fetchMock = vi.fn(async () => answers.shift() ?? answer('fulfilled', 'completed'));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderStatus();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.status?.paymentStatus).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.status?.paymentStatus).toBe('completed');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.status?.status).toBe('fulfilled');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps the last status and polls on when a poll fails, and gives up after 100 polls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      return calls === 2 ? new Response('down', { status: 503 }) : answer('processing', 'pending');
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderStatus();

    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.error).toBe(true);
    expect(result.current.status?.status).toBe('processing');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.error).toBe(false);

    for (let i = 0; i < 110; i += 1) await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(100);
  });
});
