import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HoldNotice } from './HoldNotice';

const held = {
  status: 'on_hold' as const,
  holdReasons: ['tax-evidence'],
  heldAt: '2026-11-24T09:00:00.000Z',
  reviewedAt: null,
};

describe('HoldNotice', () => {
  it('says why the order is held and where each piece of evidence places the buyer', () => {
    render(
      <MemoryRouter>
        <HoldNotice
          order={{
            ...held,
            evidence: {
              billingCountry: 'DE',
              cardCountry: 'FR',
              checkoutIpCountry: null,
              agreedCountry: null,
              agreeing: [],
            },
          }}
        />
      </MemoryRouter>,
    );
    const text = screen.getByRole('alert').textContent;
    expect(text).toContain('Held for review');
    expect(text).toContain('Tax country in doubt');
    expect(text).toContain('Billing DE, card FR, checkout address unknown. No two agree.');
  });

  it('says which pieces of evidence agree, and on which country', () => {
    render(
      <MemoryRouter>
        <HoldNotice
          order={{
            ...held,
            evidence: {
              billingCountry: 'US',
              cardCountry: 'DE',
              checkoutIpCountry: 'DE',
              agreedCountry: 'DE',
              agreeing: ['card', 'checkoutAddress'],
            },
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Billing US, card DE, checkout address DE. Card and checkout address agree on DE.',
    );
  });

  it('says nothing for an order never held', () => {
    const { container } = render(
      <MemoryRouter>
        <HoldNotice order={{ status: 'fulfilled', holdReasons: null, heldAt: null, reviewedAt: null }} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
