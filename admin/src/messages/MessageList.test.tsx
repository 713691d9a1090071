import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { renderAdmin, signIn, stubApi } from '../test/admin';

const MESSAGE = {
  id: 7,
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Which edition?',
  category: 'Licensing Questions',
  message: 'Which edition includes Access?\nThanks, Jane',
  status: 'new',
  createdAt: '2026-11-23T10:00:00.000Z',
};

afterEach(() => {
  resetStoreConfig();
  vi.unstubAllGlobals();
});

describe('the contact messages list', () => {
  it('opens a message from a button the keyboard and screen readers reach', async () => {
    stubApi({
      'GET /api/admin/messages': () =>
        Response.json([MESSAGE], { headers: { 'Content-Range': 'messages 0-0/1' } }),
    });
    signIn('support');
    renderAdmin('/admin/messages');

    const read = await screen.findByRole('button', { name: 'Read the message from Jane Doe' });
    expect(screen.queryByText(/Which edition includes Access\?/)).toBeNull();
    read.focus();
    fireEvent.click(read);
    const dialog = await screen.findByRole('dialog', { name: 'Which edition?' });
    expect(within(dialog).getByText(/Which edition includes Access\?/)).toBeTruthy();
    expect(within(dialog).getByText('Jane Doe <jane@example.com>')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Read the message from Jane Doe' })).toBeTruthy();
  });
});
