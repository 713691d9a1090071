import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { compatibilityLabels } from '../content/compatibility';
import { consentStatements } from '../content/consents';
import { deliveryLabels } from '../content/delivery';
import { privacyLabels } from '../content/privacy';
import { refundLabels } from '../content/refund';
import { storeContactsCopy } from '../content/storeContacts';
import { termsLabels } from '../content/terms';
import { contentUi } from '../content/ui';
import { resetStoreConfig } from '../test/storeConfig';
import { STORE_CONFIG } from '../test/fixtures';
import { renderRoute } from '../test/render';

const PAGES = [
  ['/compatibility', 'System Requirements & Compatibility'],
  ['/careers', 'Careers'],
  ['/delivery-policy', 'Delivery Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms & Conditions'],
  ['/eula', 'End-User Licence Agreement'],
  ['/enterprise-support', 'Enterprise Support'],
] as const;

function headingLevels(): number[] {
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName.slice(1)));
}

describe('content pages', { timeout: 20_000 }, () => {
  for (const [path, title] of PAGES) {
    it(`${path} renders its h1, its title and headings in order`, async () => {
      renderRoute(path);
      // Lazily loaded: the first import of a page can take a while on a busy machine.
      expect(
        await screen.findByRole('heading', { level: 1, name: new RegExp(title) }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(document.title).toBe(`${title} | Office Licence Store`);
      const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
      expect(description?.length).toBeGreaterThan(50);
      expect(document.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(
        description,
      );
      const levels = headingLevels();
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      for (let i = 1; i < levels.length; i += 1) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
    });
  }

  it('/enterprise-support has its own top bar and footer, not the store shell', async () => {
    renderRoute('/enterprise-support');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Cart' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Schedule a Call' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});

/** Renders a page and waits for its h1 (the pages are loaded lazily). */
async function show(path: string) {
  renderRoute(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return screen.getByRole('main');
}

const columnHeaders = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
/** Links' text, hidden text included (jsdom's accessible names drop the space before it). */
const linkTexts = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('content pages: interface labels from the content modules', { timeout: 20_000 }, () => {
  it('/compatibility labels its tables and says which apps are supported where', async () => {
    await show('/compatibility');
    expect(columnHeaders()).toEqual([
      ...Object.values(compatibilityLabels.requirementsColumns),
      ...Object.values(compatibilityLabels.requirementsColumns),
      ...Object.values(compatibilityLabels.applicationsColumns),
    ]);
    expect(
      screen.getByRole('table', { name: compatibilityLabels.requirementsCaption('macOS') }),
    ).toBeTruthy();
    const publisher = screen.getByRole('row', { name: /^Publisher / });
    expect(publisher.textContent).toContain(compatibilityLabels.supported);
    expect(publisher.textContent).toContain(compatibilityLabels.notSupported);
  });

  it('/delivery-policy labels its tables and tags critical requirements and common issues', async () => {
    const main = await show('/delivery-policy');
    expect(columnHeaders()).toEqual([
      ...Object.values(deliveryLabels.contentsColumns),
      ...Object.values(deliveryLabels.requirementsColumns),
      ...Object.values(deliveryLabels.issuesColumns),
      ...Object.values(deliveryLabels.supportHoursColumns),
    ]);
    expect(within(main).getAllByText(contentUi.critical, { exact: true }).length).toBeGreaterThan(0);
    expect(within(main).getAllByText(deliveryLabels.common, { exact: true })).toHaveLength(3);
    expect(main.textContent).toContain(`${contentUi.yes}`);
    expect(main.textContent).toContain('Immediate (most orders)');
  });

  it('/terms tags critical obligations and the preferred dispute step, and names whom to write to', async () => {
    const main = await show('/terms');
    expect(within(main).getAllByText(contentUi.critical, { exact: true }).length).toBeGreaterThan(0);
    expect(within(main).getByText(termsLabels.preferred, { exact: true })).toBeTruthy();
    expect(columnHeaders()).toEqual(Object.values(termsLabels.departmentsColumns));
    expect(screen.getByRole('link', { name: termsLabels.writeTo('Billing') }).getAttribute('href')).toBe(
      '/contact?topic=refund',
    );
  });

  it('/refund-policy and /terms describe the statements checkout asks of EU and UK buyers, in their words', async () => {
    const refund = await show('/refund-policy');
    const section = within(refund).getByRole('region', { name: 'The right of withdrawal (EU and UK)' });
    for (const statement of Object.values(consentStatements))
      expect(within(section).getByText(statement)).toBeTruthy();
    expect(section.textContent).toContain('the e-mail that delivers your keys confirms them');
    cleanup();
    const terms = await show('/terms');
    expect(terms.textContent).toMatch(/consumer billed in the EU or the UK.*lose your right of withdrawal/);
  });

  it('/refund-policy and /terms describe the withdrawal before delivery: when, how, the refund, when it is lost', async () => {
    for (const path of ['/refund-policy', '/terms']) {
      const page = await show(path);
      const section = within(page).getByRole('region', {
        name: 'Withdrawing before your keys are delivered',
      });
      expect(section.textContent).toContain('being reviewed before release');
      expect(section.textContent).toContain('"Withdraw from contract here"');
      expect(section.textContent).toContain('refund it in full');
      expect(section.textContent).toContain('card refunds usually arrive within 5-7 business days');
      expect(section.textContent).toContain('acknowledgement stating the date and time');
      expect(section.textContent).toMatch(
        /Once any key of an order has been delivered.*can no longer withdraw/,
      );
      cleanup();
    }
  });

  it('/terms and /refund-policy describe VAT, the reverse charge, invoices and credit notes, true with tax off too', async () => {
    const terms = await show('/terms');
    const prices = within(terms).getByRole('region', { name: 'Prices, VAT and Invoices' });
    expect(prices.textContent).toMatch(
      /^Prices, VAT and InvoicesWhen the store charges VAT, the rate is that of/,
    );
    expect(prices.textContent).toContain('the total at checkout includes VAT');
    expect(prices.textContent).toContain('the reverse charge applies');
    expect(prices.textContent).toContain('Every paid order gets an invoice');
    expect(prices.textContent).toContain('credit note');
    // The spec's purchase terms stay as they were.
    expect(terms.textContent).toContain(
      'Prices are in US dollars and include all fees; the price at checkout is the price you pay.',
    );
    cleanup();
    const refund = await show('/refund-policy');
    const invoices = within(refund).getByRole('region', { name: 'Refunds and your invoice' });
    expect(invoices.textContent).toContain('Every refund, in whole or in part, comes with a credit note');
    expect(invoices.textContent).toContain('from your licences page');
  });

  it('/privacy and /refund-policy label their tables; /careers numbers the steps', async () => {
    await show('/privacy');
    expect(columnHeaders()).toEqual(
      [
        privacyLabels.dataCollectedColumns,
        privacyLabels.usageColumns,
        privacyLabels.rightsColumns,
        privacyLabels.sharingColumns,
        privacyLabels.cookiesColumns,
        privacyLabels.retentionColumns,
      ].flatMap((columns) => Object.values(columns)),
    );
    cleanup();
    await show('/refund-policy');
    expect(columnHeaders()).toEqual(Object.values(refundLabels.methodsColumns));
    expect(linkTexts()).toContain(`${refundLabels.contact}${refundLabels.contactChannel('Phone Support')}`);
    // The store offers no live chat: no page offers one.
    expect(document.body.textContent).not.toMatch(/live chat/i);
    cleanup();
    const careers = await show('/careers');
    for (const step of [1, 2, 3, 4]) expect(within(careers).getByText(contentUi.step(step))).toBeTruthy();
    expect(within(careers).getAllByText('2 open positions')).toHaveLength(2);
  });

  it('/eula tells screen readers that the vendor link opens a new tab', async () => {
    await show('/eula');
    expect(linkTexts()).toContain(`Read Microsoft's software licence terms${contentUi.opensInNewTab}`);
  });
});

describe("content pages: the server's support hours", { timeout: 20_000 }, () => {
  /** Hours unlike the spec's, to tell the server's apart from any copy of them. */
  const HOURS = {
    email: 'Always open',
    phone: 'Tue-Thu 8AM-2PM CET',
    summary: 'Tue-Thu 8AM-2PM CET, weekends closed',
    schedule: [
      { day: 'Tuesday - Thursday', hours: '8AM-2PM CET', support: 'Everything' },
      { day: 'Weekends', hours: 'Closed', support: 'Keys still delivered' },
    ],
  };
  const serve = () => resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, supportHours: HOURS } });

  it("/contact shows each channel's hours and the schedule from the server", async () => {
    serve();
    const main = await show('/contact');
    const methods = within(screen.getByRole('region', { name: 'Ways to reach us' }));
    expect(methods.getByText(`${HOURS.email}, answered within 24 hours`)).toBeTruthy();
    expect(methods.getByText(HOURS.phone)).toBeTruthy();
    // No live chat is offered, so none of its hours are shown.
    expect(methods.queryByText(/chat/i)).toBeNull();
    const office = within(screen.getByRole('complementary', { name: 'Our Office' }));
    expect(office.getByText('Tuesday - Thursday')).toBeTruthy();
    expect(office.getByText('Closed: Keys still delivered')).toBeTruthy();
    expect(main.textContent).not.toMatch(/Mon-Fri|9AM|\{\w+Hours\}/);
  });

  it('/delivery-policy, /refund-policy and /eula and the footer name the same hours', async () => {
    serve();
    const delivery = await show('/delivery-policy');
    const table = screen.getByRole('table', { name: 'Support hours (Eastern Time)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DayHoursSupport',
      'Tuesday - Thursday8AM-2PM CETEverything',
      'WeekendsClosedKeys still delivered',
    ]);
    expect(delivery.textContent).toContain(`E-mail support is open ${HOURS.email} and answered`);
    expect(screen.getByRole('contentinfo').textContent).toContain(HOURS.phone);
    for (const path of ['/refund-policy', '/eula']) {
      cleanup();
      const main = await show(path);
      expect(main.textContent).toContain(HOURS.phone);
      expect(main.textContent).not.toMatch(/Mon-Fri|9AM|\{\w+Hours\}/);
    }
  });

  it('keeps placeholders while the settings load, and says so when they cannot be loaded', async () => {
    resetStoreConfig();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const main = await show('/delivery-policy');
    expect(within(main).getAllByLabelText(storeContactsCopy.loading)).toHaveLength(2);
    expect(main.textContent).not.toMatch(/\{\w+Hours\}/);
    answer(new Response('down', { status: 503 }));
    expect(await within(main).findByText(storeContactsCopy.schedule)).toBeTruthy();
    expect(main.textContent).toContain(`E-mail support is open ${storeContactsCopy.hours} and answered`);
  });
});
