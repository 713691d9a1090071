import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER } from '../test/fixtures';

const list = () => Response.json([PAID_ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } });

describe("the orders list's bulk actions", () => {
  it('resends the selected orders’ delivery e-mails after a confirmation, and says what was skipped', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/orders': list,
      'POST /api/admin/orders/resend-delivery': () =>
        Response.json([{ id: PAID_ORDER.id, result: 'skipped', reason: 'Order not found' }]),
    });
    signIn('admin');
    renderAdmin('/admin/orders');
    const row = (await screen.findByText(PAID_ORDER.customerEmail)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox', { name: `Select order ${PAID_ORDER.id.slice(0, 8)}` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Resend delivery (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend delivery e-mails?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('status')).textContent).toContain('1 skipped: Order not found');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/orders/resend-delivery');
    expect(jsonBody(call![1])).toEqual({ ids: [PAID_ORDER.id] });
  });

  it('selects every order of the page at once from the header, and clears them again', async () => {
    const second = {
      ...PAID_ORDER,
      id: 'f00dfeed-0000-4000-8000-000000000002',
      customerEmail: 'two@example.com',
    };
    const fetchMock = stubApi({
      'GET /api/admin/orders': () =>
        Response.json([PAID_ORDER, second], { headers: { 'Content-Range': 'orders 0-1/2' } }),
      'POST /api/admin/orders/resend-delivery': () =>
        Response.json([
          { id: PAID_ORDER.id, result: 'queued' },
          { id: second.id, result: 'queued' },
        ]),
    });
    signIn('admin');
    renderAdmin('/admin/orders');
    await screen.findByText(second.customerEmail);
    const all = await screen.findByRole('checkbox', { name: 'Select every order on this page' });
    fireEvent.click(all);
    expect(await screen.findByRole('button', { name: 'Resend delivery (2)' })).toBeTruthy();
    fireEvent.click(all);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Resend delivery \(/ })).toBeNull());
    fireEvent.click(all);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend delivery (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend delivery e-mails?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/admin/orders/resend-delivery')).toBe(
        true,
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/orders/resend-delivery');
    expect(jsonBody(call![1])).toEqual({ ids: [PAID_ORDER.id, second.id] });
  });

  it('filters by days of creation, product and country (added with "Add filter")', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/orders': list });
    signIn('admin');
    renderAdmin('/admin/orders');
    await screen.findByText(PAID_ORDER.customerEmail);
    const lastFilter = () => {
      const urls = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://admin.test'))
        .filter((url) => url.pathname === '/api/admin/orders');
      return JSON.parse(urls.at(-1)!.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    };
    const addFilter = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: /Add filter/i }));
      fireEvent.click(await screen.findByRole('menuitemcheckbox', { name }));
    };
    await addFilter('Created from');
    fireEvent.change(await screen.findByLabelText('Created from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastFilter()).toMatchObject({ createdFrom: '2026-11-01' }));
    await addFilter('Product');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Office 2024 Standard' }));
    await waitFor(() =>
      expect(lastFilter()).toMatchObject({ createdFrom: '2026-11-01', productId: 'office-2024-standard' }),
    );
    await addFilter('Country');
    const country = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.change(country, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await waitFor(() =>
      expect(lastFilter()).toMatchObject({ country: 'DE', productId: 'office-2024-standard' }),
    );
  });

  it('counts the stale unpaid orders first, then cancels them', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/orders': list,
      'POST /api/admin/orders/cancel-stale': (init) => {
        const { dryRun } = jsonBody(init) as { dryRun: boolean };
        return Response.json({ dryRun, cancelled: 2, ids: ['a', 'b'], skipped: [], more: false });
      },
    });
    signIn('admin');
    renderAdmin('/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel stale unpaid…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Unpaid for more than (hours)'), {
      target: { value: '0' },
    });
    expect(within(dialog).getByText('A whole number of hours, at least 1')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Unpaid for more than (hours)'), {
      target: { value: '72' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Count them' }));
    expect(await within(dialog).findByText('2 orders will be cancelled.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 orders' }));
    expect(await screen.findByText('2 unpaid orders cancelled')).toBeTruthy();
    const bodies = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/admin/orders/cancel-stale')
      .map(([, init]) => jsonBody(init));
    expect(bodies).toEqual([
      { olderThanHours: 72, dryRun: true },
      { olderThanHours: 72, dryRun: false },
    ]);
  });

  it('are not offered to support staff', async () => {
    stubApi({ 'GET /api/admin/orders': list });
    signIn('support');
    renderAdmin('/admin/orders');
    const row = (await screen.findByText(PAID_ORDER.customerEmail)).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel stale unpaid…' })).toBeNull());
  });
});
