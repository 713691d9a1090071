import { sessionFor, type Role, type StaffSession } from '../support/staff.js';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Fixtures of the back-office journeys. Each role signed in once for the run (global-setup.ts); a test
 * starts with its role's session in localStorage (its storage state), as if it had signed in.
 */

export { DEV_ADMIN, SUPPORT_USER, sessionFor, type Role, type StaffSession } from '../support/staff.js';

export async function apiLogin(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<StaffSession> {
  const response = await request.post('/api/admin/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as StaffSession;
  return { token, user };
}

export async function createStaff(
  request: APIRequestContext,
  admin: StaffSession,
  user: { username: string; password: string; role: Role },
): Promise<void> {
  const response = await request.post('/api/admin/staff', {
    data: user,
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

interface Fixtures {
  /** Whose session the page starts with; `null`: signed out. */
  role: Role | null;
  session: StaffSession | null;
  /** The API as the test's role (the admin when signed out). */
  api: APIRequestContext;
  /** What went wrong in the browser: uncaught errors, console errors, requests to another host. */
  browserProblems: string[];
}

export const test = base.extend<Fixtures>({
  role: ['admin', { option: true }],

  session: async ({ role }, use) => {
    await use(role ? sessionFor(role) : null);
  },

  storageState: async ({ session, baseURL }, use) => {
    await use({
      cookies: [],
      origins: session
        ? [
            {
              origin: new URL(baseURL!).origin,
              localStorage: [
                { name: 'admin.token', value: session.token },
                { name: 'admin.user', value: JSON.stringify(session.user) },
              ],
            },
          ]
        : [],
    });
  },

  api: async ({ playwright, baseURL, session }, use) => {
    const token = (session ?? sessionFor('admin')).token;
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    await use(api);
    await api.dispose();
  },

  browserProblems: [
    async ({ context, baseURL }, use) => {
      const problems: string[] = [];
      const host = new URL(baseURL!).host;
      context.on('request', (request) => {
        const url = new URL(request.url());
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== host)
          problems.push(`request to another host: ${request.url()}`);
      });
      context.on('page', (page) => watchPage(page, problems));
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The browser logs every 4xx answer as "Failed to load resource"; journeys that expect a refusal (a wrong
 * password, a conflicting change) would trip on it, so those lines are left out. Anything else is a problem.
 */
function watchPage(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  });
}

export { expect };

const BILLING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 Analytical Street',
  city: 'London',
  country: 'GB',
  zipCode: 'N1 9GU',
  phoneCountryCode: '+44',
  phone: '020 7946 0000',
};

/** A unique address for one test's orders. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** An order through the checkout API, paid with the demo provider unless `pay` is false. */
export async function placeOrder(
  request: APIRequestContext,
  {
    email,
    productId = 'office-2024-standard',
    quantity = 1,
    pay = true,
    currency,
  }: { email: string; productId?: string; quantity?: number; pay?: boolean; currency?: string },
): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', {
    data: {
      cartItems: [{ id: productId, quantity }],
      ...(currency ? { currency } : {}),
      billing: { ...BILLING, email },
      // Billed in the UK: the statements of Art 16(m) are required.
      consents: { immediateDelivery: true, withdrawalRightLoss: true },
    },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const { orderId, clientSecret } = (await intent.json()) as { orderId: string; clientSecret: string };
  if (pay) {
    const paid = await request.post('/api/payments/demo/confirm', { data: { orderId, clientSecret } });
    expect(paid.status(), await paid.text()).toBe(200);
  }
  return orderId;
}

/** A page of a list of the admin API. */
export async function listOf<T>(api: APIRequestContext, resource: string, filter: object): Promise<T[]> {
  const response = await api.get(`/api/admin/${resource}`, {
    params: { filter: JSON.stringify(filter), range: '[0,499]' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T[];
}

/** The product whose inventory the back-order journeys set aside (they run in the `stock` project, one at a time). */
export const BACK_ORDER_PRODUCT = 'office-2024-professional-plus';

/**
 * A paid order whose keys have not arrived (back-ordered): BACK_ORDER_PRODUCT's inventory is set aside
 * (revoked through the admin API, as staff would) while the order is paid. `restock` puts it back; call it
 * after the test (re-activated keys go to waiting orders, so not before the test is done with its order).
 */
export async function backOrdered(
  api: APIRequestContext,
  request: APIRequestContext,
  email: string,
): Promise<{ orderId: string; restock: () => Promise<void> }> {
  const stock = await listOf<{ id: string }>(api, 'license-keys', {
    productId: BACK_ORDER_PRODUCT,
    assigned: false,
    status: 'active',
  });
  const setStatus = (status: string) =>
    Promise.all(stock.map(({ id }) => api.put(`/api/admin/license-keys/${id}`, { data: { status } })));
  await setStatus('revoked');
  const restock = async () => {
    for (const response of await setStatus('active')) expect(response.status()).toBe(200);
  };
  return { orderId: await placeOrder(request, { email, productId: BACK_ORDER_PRODUCT }), restock };
}
