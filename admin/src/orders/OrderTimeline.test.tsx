import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OrderNote, OrderTimeline as Timeline, TimelineEntry } from '@store/contracts';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { NOTE_MAX_LENGTH, OrderTimeline } from './OrderTimeline';

const ORDER_ID = 'bbbbbbbb-0000-4000-8000-000000000002';

const ENTRIES: TimelineEntry[] = [
  {
    at: '2026-11-23T10:00:00.000Z',
    kind: 'created',
    title: 'Order placed',
    detail: '$40.49: 1 × Office 2024 Standard · billed in US · from 203.0.113.7 (US)',
    actor: 'customer',
  },
  {
    at: '2026-11-23T10:01:00.000Z',
    kind: 'payment_failed',
    title: 'Payment declined',
    detail: 'Your card has insufficient funds. (insufficient_funds) · payment_intent.payment_failed',
    actor: 'stripe',
  },
  { at: '2026-11-23T10:02:00.000Z', kind: 'paid', title: 'Paid', detail: '$40.49 by card (stripe)' },
];

const NOTE: OrderNote = {
  id: 7,
  orderId: ORDER_ID,
  body: 'Called the customer',
  author: 'support-sam',
  createdAt: '2026-11-23T11:00:00.000Z',
};

function renderTimeline(addOrderNote: (orderId: string, body: string) => Promise<OrderNote>) {
  let entries = ENTRIES;
  const getOrderTimeline = vi.fn(async (): Promise<Timeline> => ({
    orderId: ORDER_ID,
    entries,
    truncated: false,
  }));
  const add = vi.fn(async (orderId: string, body: string) => {
    const note = await addOrderNote(orderId, body);
    entries = [
      ...ENTRIES,
      { at: note.createdAt, kind: 'note', title: 'Note', detail: body, actor: note.author! },
    ];
    return note;
  });
  const dataProvider = { ...testDataProvider(), getOrderTimeline, addOrderNote: add };
  render(
    <AdminContext dataProvider={dataProvider}>
      <OrderTimeline orderId={ORDER_ID} />
    </AdminContext>,
  );
  return { getOrderTimeline, add };
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');

describe('the order timeline', () => {
  it('lists the entries oldest first, each with its kind, title, detail, time and who', async () => {
    const { getOrderTimeline } = renderTimeline(async () => NOTE);
    const rows = await items();
    expect(getOrderTimeline).toHaveBeenCalledWith(ORDER_ID);
    // Each row: its kind's chip, then its title.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^OrderOrder placed\$40\.49: 1 × Office 2024 Standard/),
      expect.stringMatching(/^DeclinedPayment declinedYour card has insufficient funds/),
      expect.stringMatching(/^PaidPaid\$40\.49 by card \(stripe\)/),
    ]);
    const declined = rows[1]!;
    expect(within(declined).getByText('Declined')).toBeTruthy();
    expect(
      within(declined).getByText(
        'Your card has insufficient funds. (insufficient_funds) · payment_intent.payment_failed',
      ),
    ).toBeTruthy();
    expect(declined.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-23T10:01:00.000Z');
    expect(declined.textContent).toContain(' · stripe');
    // No actor: no trailing separator.
    expect(rows[2]!.textContent).not.toContain(' · undefined');
  });

  it('adds a trimmed note and shows it on the timeline', async () => {
    const addOrderNote = vi.fn(async () => NOTE);
    const { add } = renderTimeline(addOrderNote);
    await items();
    const button = screen.getByRole('button', { name: 'Add note' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Internal note' }), {
      target: { value: '   ' },
    });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Internal note' }), {
      target: { value: '  Called the customer  ' },
    });
    fireEvent.click(button);
    await waitFor(() => expect(add).toHaveBeenCalledWith(ORDER_ID, 'Called the customer'));
    await waitFor(async () => expect(await items()).toHaveLength(4));
    const note = (await items())[3]!;
    expect(within(note).getByText('Called the customer')).toBeTruthy();
    expect(note.textContent).toContain('support-sam');
    expect((screen.getByRole('textbox', { name: 'Internal note' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses a note over the limit before sending, and shows what the server refused', async () => {
    const addOrderNote = vi.fn(async (): Promise<OrderNote> => {
      throw new HttpError('Bad Request', 400, {
        message: 'Note must be at most 2000 characters',
        errors: [{ field: 'body', message: 'Note must be at most 2000 characters' }],
      });
    });
    const { add } = renderTimeline(addOrderNote);
    await items();
    const field = screen.getByRole('textbox', { name: 'Internal note' });
    fireEvent.change(field, { target: { value: 'x'.repeat(NOTE_MAX_LENGTH + 1) } });
    expect(
      screen.getByText(`At most ${NOTE_MAX_LENGTH} characters (${NOTE_MAX_LENGTH + 1} now)`),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add note' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'fine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Note must be at most 2000 characters');
    expect(add).toHaveBeenCalledTimes(1);
  });
});
