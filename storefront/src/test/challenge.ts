import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** The API's answer past a store-wide ceiling (428, `challengeRequired`). */
export const challengeRequired = () =>
  Response.json(
    {
      statusCode: 428,
      message: 'Many messages and orders are being sent right now: please confirm you are a person',
      error: 'Precondition Required',
      challengeRequired: true,
    },
    { status: 428 },
  );

export interface Call {
  url: string;
  init?: RequestInit;
}

/**
 * Stubs fetch: each call of the page gets the next answer, and is kept. The widget's own request for a
 * challenge is answered apart (jsdom runs no worker: its solving is stood in for by `solveCheck`).
 */
export function stubApiWithChallenge(...answers: ((call: Call) => Response)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/challenge')) return new Response('{}', { status: 503 });
      const call = { url: String(url), init };
      calls.push(call);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call of ${String(url)}`);
      return answer(call);
    }),
  );
  return calls;
}

/** The widget shown (the store's own challenge route), then its 'verified' event with `payload`. */
export async function solveCheck(payload: string): Promise<void> {
  const element = await waitFor(
    () => {
      const widget = document.querySelector('altcha-widget');
      expect(widget).not.toBeNull();
      return widget as HTMLElement & { challenge?: string };
    },
    { timeout: 10_000 },
  );
  // A property of the widget, as React sets it on a custom element.
  expect(element.challenge).toBe('/api/challenge');
  act(() => {
    element.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  });
}

/** The solved challenge a call carried (X-Altcha), or null. */
export const altchaOf = (call: Call) => new Headers(call.init?.headers).get('X-Altcha');
