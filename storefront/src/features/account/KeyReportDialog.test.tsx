import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from './accountApi';
import { renderRoute } from '../../test/render';

const KEY = 'ABCDE-12345-FGHIJ-67890-KLMNO';
const KEY_ID = '00000000-0000-4000-8000-0000000000aa';

const order = (report: CustomerOrder['licenseKeys'][number]['report']): CustomerOrder => ({
  id: '6f1c2d3e-0000-4000-8000-000000000003',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'fulfilled',
  paymentStatus: 'completed',
  awaitingKeys: false,
  totalCents: 4049,
  canWithdraw: false,
  withdrawnAt: null,
  items: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 1, unitPriceCents: 4049 },
  ],
  licenseKeys: [
    {
      id: KEY_ID,
      productId: 'office-2024-standard',
      licenseKey: KEY,
      available: true,
      status: 'active',
      activationCount: 0,
      activationLimit: 1,
      report,
      canReport: report?.status !== 'open',
    },
  ],
  downloads: [],
  invoiceNumber: null,
  creditNotes: [],
});

const OPEN_REPORT = {
  id: 7,
  status: 'open' as const,
  createdAt: '2026-11-21T10:00:00.000Z',
  answer: null,
  resolvedAt: null,
};

/** The API as the page calls it: the orders, and the report, answered by `answerReport`. */
function stubApi(answerReport: (body: Record<string, unknown>) => Response) {
  const reports: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/account/key-reports')) {
        expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t0ken');
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        reports.push(body);
        return answerReport(body);
      }
      if (url.includes('/api/account/orders'))
        return Response.json([order(reports.length && reportAccepted ? OPEN_REPORT : null)]);
      return Response.json({});
    }),
  );
  let reportAccepted = false;
  return {
    reports,
    accept: () => {
      reportAccepted = true;
    },
  };
}

async function openDialog() {
  fireEvent.click(
    await screen.findByRole('button', { name: `Report that licence key ${KEY} doesn’t activate` }),
  );
  return screen.findByRole('dialog', { name: 'Report a key that doesn’t activate' });
}

describe('the licence page’s "key doesn’t activate" report', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('sends the error seen and a screenshot, then shows the report as being looked into', async () => {
    const api = stubApi(() => {
      api.accept();
      return Response.json(OPEN_REPORT, { status: 201 });
    });
    renderRoute('/account?token=t0ken');
    const dialog = await openDialog();

    // The error seen is required.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Error message is required')).toBeTruthy();
    expect(api.reports).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /The error you saw/ }), {
      target: { value: '  Error 0xC004C060  ' },
    });
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
      'error.png',
      {
        type: 'image/png',
      },
    );
    fireEvent.change(within(dialog).getByLabelText('Add a screenshot (optional)'), {
      target: { files: [png] },
    });
    expect(within(dialog).getByText('error.png')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.reports).toEqual([
      {
        licenseKeyId: KEY_ID,
        errorMessage: 'Error 0xC004C060',
        screenshot: 'data:image/png;base64,iVBORw0KGgoBAgM=',
      },
    ]);
    expect(
      await screen.findByText('Reported on Nov 21, 2026: we’re looking into it and will e-mail you.'),
    ).toBeTruthy();
    // One open report per key: no second offer.
    expect(screen.queryByRole('button', { name: /doesn’t activate/ })).toBeNull();
  });

  it('refuses a screenshot that is not a PNG, JPEG or WebP image, or over 2 MB, before sending', async () => {
    stubApi(() => Response.json(OPEN_REPORT, { status: 201 }));
    renderRoute('/account?token=t0ken');
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('Add a screenshot (optional)');
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'error.gif', { type: 'image/gif' })] },
    });
    expect(within(dialog).getByText('The screenshot must be a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(within(dialog).queryByText('error.gif')).toBeNull();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(within(dialog).getByText('The screenshot must be at most 2 MB.')).toBeTruthy();
    expect(within(dialog).queryByText('huge.png')).toBeNull();
  });

  it('shows what the server refused, and keeps what was typed', async () => {
    stubApi(() =>
      Response.json(
        {
          statusCode: 409,
          message: 'Keys can be reported within 30 days of purchase; please contact support',
          error: 'Conflict',
        },
        { status: 409 },
      ),
    );
    renderRoute('/account?token=t0ken');
    const dialog = await openDialog();
    const text = within(dialog).getByRole('textbox', { name: /The error you saw/ });
    fireEvent.change(text, { target: { value: 'Blocked key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Keys can be reported within 30 days of purchase; please contact support',
    );
    expect((text as HTMLTextAreaElement).value).toBe('Blocked key');
  });

  it('shows staff’s answer and a replaced key in words', async () => {
    const answered = {
      ...OPEN_REPORT,
      status: 'answered' as const,
      answer: 'Sign in to your Microsoft account first.',
    };
    const base = order(answered);
    const replaced: CustomerOrder = {
      ...base,
      licenseKeys: [
        {
          ...base.licenseKeys[0]!,
          id: `${KEY_ID.slice(0, -1)}b`,
          licenseKey: 'ZZZZZ-12345-FGHIJ-67890-AAAAA',
          status: 'faulty',
          canReport: false,
          report: { ...OPEN_REPORT, status: 'replaced' },
        },
        ...base.licenseKeys,
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([replaced])),
    );
    renderRoute('/account?token=t0ken');
    expect(await screen.findByText(/Our answer: Sign in to your Microsoft account first\./)).toBeTruthy();
    expect(screen.getByText('Replaced')).toBeTruthy();
    expect(screen.getByText('Replaced: this key no longer works. Use its replacement.')).toBeTruthy();
    // An answered report may be followed by another.
    expect(
      screen.getByRole('button', { name: `Report that licence key ${KEY} doesn’t activate` }),
    ).toBeTruthy();
  });
});
