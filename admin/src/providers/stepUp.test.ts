import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../resources';
import { forgetStepUp, requestStepUp, setStepUpPrompt, STEP_UP_CANCELLED } from './stepUp';

const STEP_UP_REQUIRED = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Confirm it is you: enter your password (or a code from your app) first',
  stepUpRequired: true,
};
const MEMBER = {
  id: 7,
  username: 'jane',
  role: 'admin',
  email: null,
  mfaEnabled: false,
  createdAt: '2026-01-01',
};

afterEach(() => {
  setStepUpPrompt(null);
  forgetStepUp();
});

/** The API: the staff change needs `X-Step-Up-Token: step-up-1`, which the right password gets. */
function stubServer() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (url === '/api/admin/me/step-up') {
      const { password } = JSON.parse(String(init?.body)) as { password?: string };
      return password === 'right password'
        ? Response.json({ stepUpToken: 'step-up-1', expiresIn: 300 })
        : Response.json({ statusCode: 403, error: 'Forbidden', message: 'Wrong password' }, { status: 403 });
    }
    if (url === '/api/admin/staff/7' && init?.method === 'PUT')
      return headers.get('X-Step-Up-Token') === 'step-up-1'
        ? Response.json(MEMBER)
        : Response.json(STEP_UP_REQUIRED, { status: 403 });
    if (url === '/api/admin/staff/8' && init?.method === 'PUT')
      return Response.json(
        { statusCode: 403, error: 'Forbidden', message: 'Your role does not allow this action' },
        { status: 403 },
      );
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const update = (id: number) =>
  dataProvider.update('staff', { id, data: { role: 'admin' }, previousData: { id, role: 'support' } });

describe('a change the API says needs step-up', () => {
  it('asks once, sends it again with X-Step-Up-Token, and reuses the token for its 5 minutes', async () => {
    localStorage.setItem('admin.token', 'token-1');
    const fetchMock = stubServer();
    const prompt = vi.fn(() => requestStepUp({ password: 'right password' }));
    setStepUpPrompt(prompt);

    await expect(update(7)).resolves.toEqual({ data: MEMBER });
    expect(prompt).toHaveBeenCalledTimes(1);
    const calls = fetchMock.mock.calls.map(([url, init]) => [
      `${init?.method ?? 'GET'} ${url}`,
      new Headers(init?.headers).get('X-Step-Up-Token'),
    ]);
    expect(calls).toEqual([
      ['PUT /api/admin/staff/7', null],
      ['POST /api/admin/me/step-up', null],
      ['PUT /api/admin/staff/7', 'step-up-1'],
    ]);
    const stepUp = fetchMock.mock.calls[1]!;
    expect(new Headers(stepUp[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(stepUp[1]?.body))).toEqual({ password: 'right password' });

    // Within its 5 minutes, for this session: no second question.
    await expect(update(7)).resolves.toEqual({ data: MEMBER });
    expect(prompt).toHaveBeenCalledTimes(1);

    // Another session (signed in again) asks again.
    localStorage.setItem('admin.token', 'token-2');
    await expect(update(7)).resolves.toEqual({ data: MEMBER });
    expect(prompt).toHaveBeenCalledTimes(2);
  });

  it('is not made when the user cancels, and says so', async () => {
    localStorage.setItem('admin.token', 'token-1');
    const fetchMock = stubServer();
    setStepUpPrompt(async () => null);

    await expect(update(7)).rejects.toMatchObject({ status: 403, message: STEP_UP_CANCELLED });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes a wrong password back to the dialog with the server’s message', async () => {
    localStorage.setItem('admin.token', 'token-1');
    stubServer();
    await expect(requestStepUp({ password: 'wrong' })).rejects.toMatchObject({
      status: 403,
      message: 'Wrong password',
    });
  });

  it('leaves any other refusal alone: no question asked', async () => {
    localStorage.setItem('admin.token', 'token-1');
    stubServer();
    const prompt = vi.fn(async () => 'never');
    setStepUpPrompt(prompt);
    await expect(update(8)).rejects.toMatchObject({
      status: 403,
      message: 'Your role does not allow this action',
    });
    expect(prompt).not.toHaveBeenCalled();
  });
});
