import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';

/** A window as wide as `width`: MUI's useMediaQuery asks matchMedia, which jsdom lacks (so tests are wide). */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

const ORDER = {
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  customerName: 'Jane Doe',
  customerEmail: 'jane@example.com',
  totalCents: 4049,
  currency: 'USD',
  status: 'fulfilled',
  paymentStatus: 'completed',
  paymentMethod: 'card',
  createdAt: '2026-11-23T10:00:00.000Z',
  awaitingKeys: true,
  refundDue: null,
};

const orders = () => Response.json([ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } });

describe('lists on a phone', () => {
  it('show a card per row, each column a line under its name, with the row’s actions', async () => {
    viewport(390);
    stubApi({ 'GET /api/admin/orders': orders });
    signIn();
    renderAdmin('/admin/orders');

    const list = await screen.findByRole('list', { name: 'Orders' });
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByRole('heading', { name: 'Order bbbbbbbb' })).toBeTruthy();
    for (const [label, value] of [
      ['Customer', 'jane@example.com'],
      ['Amount', '$40.49'],
      ['Payment', 'Completed'],
    ]) {
      const term = within(card!).getByText(label!, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toContain(value);
    }
    expect(within(card!).getByText('Awaiting keys')).toBeTruthy();
    expect(within(card!).getByRole('button', { name: 'View order bbbbbbbb' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keep the table on a desktop', async () => {
    viewport(1280);
    stubApi({ 'GET /api/admin/orders': orders });
    signIn();
    renderAdmin('/admin/orders');

    expect(await screen.findByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Orders' })).toBeNull();
  });
});
