import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCreditNote } from '@store/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER, PAID_ORDER_DETAIL } from '../test/fixtures';
import type { OrderDetail } from './types';

const creditNote = (changes: Partial<AdminCreditNote> = {}): AdminCreditNote => ({
  id: 'c0000000-0000-4000-8000-000000000001',
  number: 'CN-2026-000004',
  issuedAt: '2026-11-25T09:00:00.000Z',
  totalCents: 1000,
  taxCents: 160,
  refundId: 'r0000000-0000-4000-8000-000000000001',
  ...changes,
});

const ORDER_URL = `/api/admin/orders/${PAID_ORDER.id}`;
const pdf = () => new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } });

function serve(order: OrderDetail, extra: Record<string, () => Response> = {}) {
  return stubApi({
    'GET /api/admin/orders': () =>
      Response.json([PAID_ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
    [`GET ${ORDER_URL}`]: () => Response.json(order),
    ...extra,
  });
}

async function openInvoices(role = 'admin') {
  signIn(role);
  renderAdmin('/admin/orders');
  fireEvent.click(await screen.findByRole('button', { name: 'View order bbbbbbbb' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order bbbbbbbb' });
  return within(dialog).findByRole('region', { name: 'Invoices' });
}

/** The names of the files saved (the download link clicked). */
const saved: string[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetStoreConfig();
});

describe('the Invoices section of the order dialog', () => {
  it('names the invoice and its credit notes and downloads each PDF with the staff token, for support too', async () => {
    const order = {
      ...PAID_ORDER_DETAIL,
      invoiceNumber: '2026-000123',
      creditNotes: [
        creditNote(),
        creditNote({ id: 'c2', number: 'CN-2026-000009', totalCents: 3049, taxCents: 0 }),
      ],
    };
    const fetchMock = serve(order, {
      [`GET ${ORDER_URL}/invoice.pdf`]: pdf,
      [`GET ${ORDER_URL}/credit-notes/c0000000-0000-4000-8000-000000000001.pdf`]: pdf,
      [`GET ${ORDER_URL}/credit-notes/c2.pdf`]: pdf,
    });
    const section = await openInvoices('support');
    expect(within(section).getByText('Invoice 2026-000123')).toBeTruthy();
    const notes = within(section).getByRole('table', { name: 'Credit notes' });
    expect(within(notes).getByText('Credit note CN-2026-000004')).toBeTruthy();
    expect(within(notes).getByText('$10.00 (VAT $1.60)')).toBeTruthy();
    expect(within(notes).getByText('$30.49')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Download invoice 2026-000123' }));
    await waitFor(() => expect(saved).toEqual(['invoice-2026-000123.pdf']));
    fireEvent.click(within(notes).getByRole('button', { name: 'Download credit note CN-2026-000004' }));
    fireEvent.click(within(notes).getByRole('button', { name: 'Download credit note CN-2026-000009' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved).toEqual([
      'invoice-2026-000123.pdf',
      'credit-note-CN-2026-000004.pdf',
      'credit-note-CN-2026-000009.pdf',
    ]);
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('.pdf'));
    expect(asked.map(([url]) => String(url))).toEqual([
      `${ORDER_URL}/invoice.pdf`,
      `${ORDER_URL}/credit-notes/c0000000-0000-4000-8000-000000000001.pdf`,
      `${ORDER_URL}/credit-notes/c2.pdf`,
    ]);
    for (const [, init] of asked)
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('says why an order has no invoice, and offers nothing to download', async () => {
    serve({
      ...PAID_ORDER_DETAIL,
      paymentStatus: 'pending',
      paidAt: null,
      invoiceNumber: null,
      creditNotes: [],
    });
    const unpaid = await openInvoices();
    expect(
      within(unpaid).getByText('No invoice yet: invoices are issued when the payment is received.'),
    ).toBeTruthy();
    expect(within(unpaid).queryByRole('button')).toBeNull();
    expect(within(unpaid).queryByRole('table')).toBeNull();
  });

  it('tells staff why a download failed', async () => {
    serve(PAID_ORDER_DETAIL, {
      [`GET ${ORDER_URL}/invoice.pdf`]: () =>
        Response.json({ statusCode: 404, message: 'Order not found' }, { status: 404 }),
    });
    const section = await openInvoices();
    fireEvent.click(within(section).getByRole('button', { name: 'Download invoice 2026-000001' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Download failed');
    expect(alert.textContent).toContain('Order not found');
    expect(saved).toEqual([]);
  });
});
