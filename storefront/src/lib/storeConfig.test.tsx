import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreName, SupportEmailLink, SupportPhoneLink } from '../components/StoreContacts';
import { STORE_CONFIG } from '../test/fixtures';
import { renderWithStore } from '../test/render';
import { resetStoreConfig } from '../test/storeConfig';
import { telHref } from './storeConfig';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Contacts() {
  return (
    <>
      <p>
        <StoreName />
      </p>
      <SupportEmailLink />
      <SupportPhoneLink />
    </>
  );
}

describe('store config', () => {
  beforeEach(() => resetStoreConfig());

  it('is fetched once for every component, with placeholders until it arrives', async () => {
    const answer = deferred<Response>();
    const fetchMock = vi.fn(() => answer.promise);
    vi.stubGlobal('fetch', fetchMock);
    renderWithStore(<Contacts />);

    expect(screen.getAllByLabelText('Loading')).toHaveLength(3);
    expect(screen.queryByRole('link')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/store-config', expect.anything());

    await act(async () => answer.resolve(Response.json({ ...STORE_CONFIG, storeName: 'Key Shop' })));
    expect(await screen.findByText('Key Shop')).toBeTruthy();
    expect(screen.getByRole('link', { name: STORE_CONFIG.supportEmail }).getAttribute('href')).toBe(
      `mailto:${STORE_CONFIG.supportEmail}`,
    );
    expect(screen.getByRole('link', { name: STORE_CONFIG.supportPhone }).getAttribute('href')).toBe(
      'tel:+18645550142',
    );
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('falls back to the contact form when the settings cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    renderWithStore(<Contacts />);
    const links = await screen.findAllByRole('link', { name: 'our contact form' });
    expect(links).toHaveLength(2);
    expect(links[0].getAttribute('href')).toBe('/contact');
  });

  it('rejects an answer without the contacts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([{ id: 'office-2024-standard' }])),
    );
    renderWithStore(<Contacts />);
    expect(await screen.findAllByRole('link', { name: 'our contact form' })).toHaveLength(2);
  });

  it('makes a tel: address of a formatted number', () => {
    expect(telHref('+1 (864) 555-0142')).toBe('tel:+18645550142');
  });
});
