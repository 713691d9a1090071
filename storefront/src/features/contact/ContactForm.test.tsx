import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '../../components/toast/toast';
import { renderRoute, renderWithStore } from '../../test/render';
import { STORE_CONFIG } from '../../test/fixtures';
import { altchaOf, challengeRequired, solveCheck, stubApiWithChallenge } from '../../test/challenge';
import { ContactForm } from './ContactForm';
import { EMPTY_CONTACT_FORM } from './contactSchema';
import { contactPrefill } from './prefill';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// Label queries: role queries are slow in jsdom on a form this size.
const box = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement;
const category = () => screen.getByLabelText('Category') as HTMLSelectElement;

function type(name: string, value: string) {
  fireEvent.change(box(name), { target: { value } });
  fireEvent.blur(box(name));
}

function fillValid() {
  type('Name', '  Jane Doe ');
  type('Email', 'jane@example.com ');
  type('Subject', 'Activation');
  type('Message', 'My key says it was already activated.');
}

const sentToast = () => getToasts().find((t) => t.title === 'Message Sent!');

afterEach(() => {
  for (const t of getToasts()) dismissToast(t.id);
});

describe('ContactForm', { timeout: 20_000 }, () => {
  it('marks the required fields and checks them before any call', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithStore(<ContactForm initialValues={EMPTY_CONTACT_FORM} />);

    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(box(name).required).toBe(true);
    expect(category().required).toBe(false);
    expect(box('Email').type).toBe('email');

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    type('Email', 'not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    type('Subject', 'x'.repeat(301));
    expect(await screen.findByText('Subject must be at most 300 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed message, reads Sending... while it waits, then clears and shows the toast', async () => {
    const answer = deferred<Response>();
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => answer.promise);
    vi.stubGlobal('fetch', fetchMock);
    renderWithStore(<ContactForm initialValues={EMPTY_CONTACT_FORM} />);

    fillValid();
    fireEvent.change(category(), { target: { value: 'licensing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(box('Name').disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      subject: 'Activation',
      category: 'licensing',
      message: 'My key says it was already activated.',
    });

    await act(async () => answer.resolve(Response.json({ received: true }, { status: 201 })));
    await waitFor(() => expect(box('Name').value).toBe(''));
    for (const name of ['Email', 'Subject', 'Message']) expect(box(name).value).toBe('');
    expect(category().value).toBe('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
    expect(sentToast()).toMatchObject({
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
      variant: 'success',
    });
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('sends no category when none is chosen', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ received: true }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithStore(<ContactForm initialValues={EMPTY_CONTACT_FORM} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).not.toHaveProperty('category');
    await waitFor(() => expect(sentToast()).toBeTruthy());
  });

  it('keeps what was typed and says what went wrong when the server refuses or fails', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        Response.json(
          {
            statusCode: 400,
            message: 'Please enter a valid email address',
            error: 'Bad Request',
            errors: [{ field: 'email', message: 'Please enter a valid email address' }],
          },
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(new Response('oops', { status: 500 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    renderWithStore(<ContactForm initialValues={EMPTY_CONTACT_FORM} />);
    fillValid();

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please check the form: Please enter a valid email address',
    );

    for (let attempt = 0; attempt < 2; attempt += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(attempt + 2));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toContain('Your message could not be sent'),
      );
    }
    expect(box('Name').value).toBe('  Jane Doe ');
    expect(box('Subject').value).toBe('Activation');
    expect(box('Message').value).toBe('My key says it was already activated.');
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveProperty('disabled', false);
    expect(sentToast()).toBeUndefined();
  });
});

describe('ContactForm past the store-wide ceiling', { timeout: 20_000 }, () => {
  it('shows the check, then sends the same message again with its solution', async () => {
    const posts = stubApiWithChallenge(challengeRequired, () =>
      Response.json({ received: true }, { status: 201 }),
    );
    renderWithStore(<ContactForm initialValues={EMPTY_CONTACT_FORM} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(/confirms you are a person/)).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(altchaOf(posts[0]!)).toBeNull();
    // What was typed stays; sending again waits for the check.
    expect(box('Subject').value).toBe('Activation');
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveProperty('disabled', true);

    await solveCheck('c29sdmVkLW9uY2U=');
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(altchaOf(posts[1]!)).toBe('c29sdmVkLW9uY2U=');
    expect(posts[1]!.init?.body).toBe(posts[0]!.init?.body);
    await waitFor(() => expect(sentToast()).toBeTruthy());
    expect(document.querySelector('altcha-widget')).toBeNull();
    expect(box('Name').value).toBe('');
  });

  it('asks for a new check when the solution is refused, and sends each solution once', async () => {
    const posts = stubApiWithChallenge(challengeRequired, challengeRequired, () =>
      Response.json({ received: true }, { status: 201 }),
    );
    renderWithStore(<ContactForm initialValues={EMPTY_CONTACT_FORM} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await solveCheck('Zmlyc3Q=');
    await waitFor(() => expect(posts).toHaveLength(2));
    // A new widget (a new challenge) replaces the used one.
    await solveCheck('c2Vjb25k');
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts.map(altchaOf)).toEqual([null, 'Zmlyc3Q=', 'c2Vjb25k']);
    await waitFor(() => expect(sentToast()).toBeTruthy());
  });
});

describe('contactPrefill', () => {
  const prefill = (query: string) => contactPrefill(new URLSearchParams(query));

  it('turns ?role= into an application subject and ?topic= into a subject and category', () => {
    expect(prefill('role=Customer%20Success%20Manager')).toMatchObject({
      subject: 'Job Application: Customer Success Manager',
      category: 'general',
      name: '',
    });
    expect(prefill('topic=refund')).toMatchObject({ subject: 'Refund Request', category: 'billing' });
    expect(prefill('topic=privacy')).toMatchObject({ subject: 'Privacy Request', category: 'general' });
  });

  it('ignores unknown topics and keeps a long role within the subject limit', () => {
    expect(prefill('topic=toString')).toEqual(EMPTY_CONTACT_FORM);
    expect(prefill('topic=__proto__')).toEqual(EMPTY_CONTACT_FORM);
    expect(prefill('')).toEqual(EMPTY_CONTACT_FORM);
    expect(prefill(`role=${'a'.repeat(400)}`).subject).toHaveLength(300);
  });
});

describe('ContactPage', { timeout: 20_000 }, () => {
  it('prefills from the address and shows the server contacts and the office', async () => {
    renderRoute('/contact?role=Product%20Content%20Writer');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(box('Subject').value).toBe('Job Application: Product Content Writer');
    const email = screen.getAllByRole('link', { name: STORE_CONFIG.supportEmail })[0];
    expect(email.getAttribute('href')).toBe(`mailto:${STORE_CONFIG.supportEmail}`);
    const phone = screen.getAllByRole('link', { name: STORE_CONFIG.supportPhone })[0];
    expect(phone.getAttribute('href')).toBe('tel:+18645550142');
    expect(screen.getByRole('complementary', { name: 'Our Office' }).textContent).toContain('Anderson, SC');
    expect(document.title).toBe('Contact Us | Office Licence Store');
  });
});
