import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { altchaOf, challengeRequired, solveCheck, stubApiWithChallenge } from '../test/challenge';
import { renderWithStore } from '../test/render';
import { LoginPage } from './LoginPage';

const LINK_ANSWER = () => Response.json({ message: 'If this address has orders…' }, { status: 202 });

describe('LoginPage past the store-wide ceiling', { timeout: 20_000 }, () => {
  it('shows the check, then asks for the link again with its solution', async () => {
    const calls = stubApiWithChallenge(challengeRequired, LINK_ANSWER);
    renderWithStore(<LoginPage />);
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: ' jane@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));

    expect(await screen.findByText(/confirms you are a person/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toHaveProperty('disabled', true);
    await solveCheck('bGluay1zb2x2ZWQ=');

    expect(await screen.findByText(/a sign-in link is on its way/)).toBeTruthy();
    expect(calls.map((call) => [call.url, altchaOf(call)])).toEqual([
      ['/api/account/link', null],
      ['/api/account/link', 'bGluay1zb2x2ZWQ='],
    ]);
    for (const call of calls)
      expect(JSON.parse(String(call.init?.body))).toEqual({ email: 'jane@example.com' });
    await waitFor(() => expect(document.querySelector('altcha-widget')).toBeNull());
  });
});
