import { loadConfig } from '../config/app-config.js';
import { SUPPORT_HOURS } from '../config/support-hours.js';
import { renderStoreFooter, withStoreFooter } from './store-footer.js';

const config = (env: Record<string, string> = {}) => loadConfig(env, '/srv/store');

describe('the store footer of customer e-mails', () => {
  it("names the store, its support address and phone, and the spec's support hours, in both parts", () => {
    const footer = renderStoreFooter(
      config({
        STORE_NAME: 'Keys Shop',
        SUPPORT_EMAIL: 'help@shop.example',
        SUPPORT_PHONE: '+1 (864) 555-0142',
      }),
    );
    expect(footer.text).toBe(
      [
        '-- ',
        'Keys Shop',
        'Support e-mail: help@shop.example (Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST)',
        'Support phone: +1 (864) 555-0142 (Mon-Fri 9AM-6PM EST)',
        'Business hours: Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
      ].join('\n'),
    );
    for (const fact of [
      'Keys Shop',
      'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST',
      'Mon-Fri 9AM-6PM EST',
      SUPPORT_HOURS.summary,
    ])
      expect(footer.html).toContain(fact);
    expect(footer.html).toContain('<a href="mailto:help@shop.example">help@shop.example</a>');
    expect(footer.html).toContain('<a href="tel:+18645550142">+1 (864) 555-0142</a>');
  });

  it('escapes the settings in the HTML part', () => {
    const footer = renderStoreFooter(config({ STORE_NAME: 'Keys & Co <b>"Shop"</b>' }));
    expect(footer.text).toContain('Keys & Co <b>"Shop"</b>');
    expect(footer.html).toContain('<strong>Keys &amp; Co &lt;b&gt;&quot;Shop&quot;&lt;/b&gt;</strong>');
    expect(footer.html).not.toContain('<b>');
  });

  it('goes after the text and inside the HTML body, or after an HTML fragment', () => {
    const footer = { text: '-- \nFOOTER', html: '<p>FOOTER</p>' };
    const message = {
      kind: 'access-link',
      text: 'Hello,\n\nYour link.\n',
      html: '<!doctype html><html><body>\n<p>Your link.</p>\n</BODY></html>',
    };
    expect(withStoreFooter(message, footer)).toEqual({
      kind: 'access-link',
      text: 'Hello,\n\nYour link.\n\n-- \nFOOTER',
      html: '<!doctype html><html><body>\n<p>Your link.</p>\n<p>FOOTER</p>\n</BODY></html>',
    });
    expect(withStoreFooter({ text: 'Hi', html: '<p>Hi</p>' }, footer).html).toBe('<p>Hi</p>\n<p>FOOTER</p>');
  });
});
