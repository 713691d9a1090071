import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import type { CustomerOrder } from './accountApi';

const ORDER: CustomerOrder = {
  id: '6f1c2d3e-0000-4000-8000-000000000031',
  createdAt: '2026-03-02T10:00:00.000Z',
  status: 'fulfilled',
  paymentStatus: 'partially_refunded',
  awaitingKeys: false,
  totalCents: 8098,
  canWithdraw: false,
  withdrawnAt: null,
  items: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
  ],
  licenseKeys: [],
  downloads: [],
  invoiceNumber: '2026-000123',
  creditNotes: [
    {
      id: '0b7d3c1a-0000-4000-8000-000000000001',
      number: 'CN-2026-000001',
      issuedAt: '2026-03-05T09:00:00.000Z',
      totalCents: 4049,
    },
  ],
};

const pdf = (name: string) =>
  new Response(`%PDF-1.3 ${name}`, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });

/** The licence page's calls: the orders, then each document asked for (answered by `documents`). */
function serve(orders: CustomerOrder[], documents: Record<string, () => Response> = {}) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/account/orders') return Response.json(orders);
    return documents[url]?.() ?? Response.json({ statusCode: 404, message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The files handed to the browser as downloads: name and content. */
let saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const href = `blob:test/${blobs.size}`;
        blobs.set(href, blob);
        return href;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => vi.restoreAllMocks());

describe('the invoice and credit notes on the licence page', () => {
  it('downloads the invoice and each credit note with the access token, under the server’s file names', async () => {
    const base = `/api/account/orders/${ORDER.id}`;
    const fetchMock = serve([ORDER], {
      [`${base}/invoice.pdf`]: () => pdf('invoice-2026-000123.pdf'),
      [`${base}/credit-notes/${ORDER.creditNotes[0]!.id}.pdf`]: () => pdf('credit-note-CN-2026-000001.pdf'),
    });
    renderRoute('/account?token=t0ken');

    const card = await screen.findByRole('article', { name: 'Order 6f1c2d3e' });
    expect(within(card).getByRole('heading', { name: 'Invoice and credit notes' })).toBeTruthy();
    expect(within(card).getByText('Issued Mar 5, 2026 · refunds $40.49')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Download invoice 2026-000123' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['invoice-2026-000123.pdf']));
    fireEvent.click(within(card).getByRole('button', { name: 'Download credit note CN-2026-000001' }));
    await waitFor(() =>
      expect(saved.map((s) => s.name)).toEqual(['invoice-2026-000123.pdf', 'credit-note-CN-2026-000001.pdf']),
    );

    const documentCalls = fetchMock.mock.calls.filter(([url]) => url.endsWith('.pdf'));
    expect(documentCalls.map(([url]) => url)).toEqual([
      `${base}/invoice.pdf`,
      `${base}/credit-notes/${ORDER.creditNotes[0]!.id}.pdf`,
    ]);
    for (const [, init] of documentCalls as unknown as [string, RequestInit][])
      expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t0ken');
    const [invoice] = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0] as [Blob];
    expect(await invoice.text()).toBe('%PDF-1.3 invoice-2026-000123.pdf');
  });

  it('says why a document could not be downloaded, in the server’s words', async () => {
    const refusal = 'This order has no invoice yet: invoices are issued when the payment is received';
    serve([ORDER], {
      [`/api/account/orders/${ORDER.id}/invoice.pdf`]: () =>
        Response.json({ statusCode: 404, message: refusal }, { status: 404 }),
    });
    renderRoute('/account?token=t0ken');

    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice 2026-000123' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Download failed')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows nothing for an order without an invoice (unpaid, or paid before invoices were issued)', async () => {
    serve([{ ...ORDER, invoiceNumber: null, creditNotes: [] }]);
    renderRoute('/account?token=t0ken');

    const card = await screen.findByRole('article', { name: 'Order 6f1c2d3e' });
    expect(within(card).queryByRole('heading', { name: 'Invoice and credit notes' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Download (invoice|credit note)/ })).toBeNull();
  });
});
