import type { components } from '@store/contracts';
import { HttpError } from 'react-admin';
import { getToken } from './session';

/** `POST /api/admin/me/step-up`'s answer. */
export type StepUpToken = components['schemas']['StepUpTokenDto'];

/** The header a change that needs step-up carries. */
export const STEP_UP_HEADER = 'X-Step-Up-Token';

/** What the user confirms with: their password, or (two-factor on) a code from their app. */
export type StepUpProof = { password: string } | { code: string };

/** Asks the user to confirm (the dialog): a step-up token, or null when they cancel. */
export type StepUpPrompt = () => Promise<string | null>;

export const STEP_UP_CANCELLED = 'Not confirmed: nothing was changed';

let prompt: StepUpPrompt | null = null;
/** The last token, reused for its 5 minutes by the session it was issued to (the server allows it). */
let remembered: { token: string; session: string; until: number } | null = null;
/** One dialog at a time: requests refused together wait for the same confirmation. */
let asking: Promise<string | null> | null = null;

/** The dialog registers itself here while it is mounted (StepUpDialog). */
export function setStepUpPrompt(next: StepUpPrompt | null): void {
  prompt = next;
}

/** Forgets the remembered token (signing out, tests). */
export function forgetStepUp(): void {
  remembered = null;
  asking = null;
}

/** The API's answer to a change made without a valid step-up token: 403 with `stepUpRequired: true`. */
export function isStepUpRequired(error: unknown): boolean {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  return status === 403 && (body as { stepUpRequired?: unknown } | null)?.stepUpRequired === true;
}

/** The API's error message, or `fallback`. */
function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/**
 * `POST /api/admin/me/step-up`: a token for the next 5 minutes, remembered for this session. A refusal
 * (wrong password, or a 429 of the sign-in back-off) throws an HttpError with the server's message.
 */
export async function requestStepUp(proof: StepUpProof, now = Date.now()): Promise<string> {
  const session = getToken();
  const response = await fetch('/api/admin/me/step-up', {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(session ? { Authorization: `Bearer ${session}` } : {}),
    },
    body: JSON.stringify(proof),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new HttpError(messageOf(body, 'Could not confirm'), response.status, body as object);
  const { stepUpToken, expiresIn } = body as StepUpToken;
  // A little before the server's expiry, so a token is never sent just as it runs out.
  remembered = { token: stepUpToken, session: session ?? '', until: now + (expiresIn - 10) * 1000 };
  return stepUpToken;
}

function rememberedToken(now: number): string | undefined {
  if (remembered && remembered.session === (getToken() ?? '') && remembered.until > now)
    return remembered.token;
  remembered = null;
  return undefined;
}

/**
 * Sends a request and, when the API answers that it needs step-up, sends it again with a token: the one
 * remembered for this session, else one the user confirms in the dialog. Cancelling the dialog rejects with
 * a 403 whose message says nothing was changed. The one place the back office handles step-up: the data
 * provider's requests and its file downloads go through it.
 */
export async function withStepUp<T>(send: (stepUpToken?: string) => Promise<T>): Promise<T> {
  let refusal: unknown;
  for (const token of [undefined, rememberedToken(Date.now())]) {
    if (refusal !== undefined && token === undefined) continue;
    try {
      return await send(token);
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      // The remembered token was refused after all (the session changed): ask for a new one.
      if (token !== undefined) remembered = null;
      refusal = error;
    }
  }
  if (!prompt) throw refusal;
  asking ??= prompt().finally(() => {
    asking = null;
  });
  const token = await asking;
  if (!token) throw new HttpError(STEP_UP_CANCELLED, 403, { message: STEP_UP_CANCELLED });
  return send(token);
}
