import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { components } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';

type AuditEntry = components['schemas']['AuditEntryDto'];

const ENTRY: AuditEntry = {
  id: 41,
  actorId: 1,
  actorUsername: 'alice',
  action: 'orders.update',
  resource: 'orders',
  resourceId: 'aaaaaaaa-0000-4000-8000-000000000001',
  before: { status: 'processing' },
  after: { status: 'cancelled' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('the audit trail', () => {
  it('lists entries, filters them by staff user and action, and shows before and after', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/audit': () => Response.json([ENTRY], { headers: { 'Content-Range': 'audit 0-0/1' } }),
    });
    signIn('admin');
    renderAdmin('/admin/audit');

    const row = (await screen.findByText('orders.update')).closest('tr') as HTMLElement;
    expect(within(row).getByText('alice')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Staff user'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'orders.' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([url]) => new URL(String(url), 'http://admin.test'))
          .map((url) => url.searchParams.get('filter')),
      ).toContain('{"actorUsername":"alice","action":"orders."}'),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Details of entry 41' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Before').textContent).toContain('"status": "processing"');
    expect(within(dialog).getByLabelText('After').textContent).toContain('"status": "cancelled"');
  });

  it('is not in support staff’s menu', async () => {
    stubApi({ 'GET /api/admin/dashboard': () => Response.json(EMPTY_STATS) });
    signIn('support');
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Audit trail' })).toBeNull();
  });
});
