import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../orders/types';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER } from '../test/fixtures';

const ORDER: Order = PAID_ORDER;

const failure = () => Response.json({ message: 'Internal server error' }, { status: 500 });

/** Answers each call with the next of `answers`, the last one from then on. */
function inTurn(...answers: (() => Response)[]) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!();
}

const callsTo = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).length;

describe('a list whose load fails', () => {
  it('says so with Retry, never an empty table or a range, asks once, and loads on Retry', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/orders': inTurn(failure, () =>
        Response.json([ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
      ),
    });
    signIn();
    renderAdmin('/admin/orders');

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText(/Failed to fetch orders\. Check the connection/)).toBeTruthy();
    expect(screen.queryByText(/No Orders found/i)).toBeNull();
    expect(screen.queryByText(/\d+-\d+ of \d+/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // No automatic retries: react-query reports the error once it has given up, so one call by now.
    expect(callsTo(fetchMock, '/api/admin/orders')).toBe(1);

    fireEvent.click(retry);
    expect(await screen.findByText('paid@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('on Downloads: no "(0)", no placeholders retried three times, Retry loads', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/downloads': inTurn(failure, () =>
        Response.json(
          [
            {
              id: 'link-1',
              orderId: ORDER.id,
              productId: 'office-2024-standard',
              fileName: 'office-setup.exe',
              fileUrl: 'https://example.com/office-setup.exe',
              fileSize: '4 GB',
              downloadCount: 0,
              maxDownloads: 5,
              isActive: true,
              createdAt: '2026-11-23T10:00:00.000Z',
            },
          ],
          { headers: { 'Content-Range': 'downloads 0-0/1' } },
        ),
      ),
    });
    signIn();
    renderAdmin('/admin/downloads');

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText(/Failed to fetch downloads\. Check the connection/)).toBeTruthy();
    expect(screen.queryByText(/Download Links \(/)).toBeNull();
    expect(screen.queryByText('No download links found')).toBeNull();
    expect(screen.queryAllByTestId('placeholder-row')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/admin/downloads')).toBe(1);

    fireEvent.click(retry);
    expect(await screen.findByText('office-setup.exe')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Download Links (1)')).toBeTruthy());
  });
});
