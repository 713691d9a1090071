import { contactNotification } from './contact-notification.js';

const contact = {
  id: 7,
  name: 'Jane <b>Doe</b>',
  email: 'jane@example.com',
  subject: 'Key & activation',
  category: 'licensing' as const,
  message: 'Line one\n<script>alert("x")</script>\n\'quoted\'',
};

describe('contactNotification', () => {
  it('puts the id and the subject in one header line', () => {
    expect(contactNotification(contact).subject).toBe('Contact form #7: Key & activation');
    const injected = contactNotification({ ...contact, subject: 'Hi\r\nBcc: victim@example.com' });
    expect(injected.subject).toBe('Contact form #7: Hi Bcc: victim@example.com');
    expect(injected.subject).not.toMatch(/[\r\n]/);
  });

  it('cuts a long subject to what the outbox stores', () => {
    const long = contactNotification({ ...contact, subject: 'x'.repeat(300) });
    expect(Array.from(long.subject)).toHaveLength(255);
    expect(long.subject.endsWith('…')).toBe(true);
  });

  it('lists every field in the text part as typed', () => {
    const { text } = contactNotification(contact);
    expect(text).toContain('Name: Jane <b>Doe</b>');
    expect(text).toContain('Email: jane@example.com');
    expect(text).toContain('Category: Licensing Questions');
    expect(text).toContain('Subject: Key & activation');
    expect(text).toContain('Line one\n<script>alert("x")</script>\n\'quoted\'');
  });

  it('escapes everything the visitor typed in the HTML part', () => {
    const { html } = contactNotification(contact);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Doe</b>');
    expect(html).toContain('Jane &lt;b&gt;Doe&lt;/b&gt;');
    expect(html).toContain('Key &amp; activation');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&#39;quoted&#39;');
    expect(html).toContain('Licensing Questions');
  });

  it('says when no category was chosen', () => {
    expect(contactNotification({ ...contact, category: null }).text).toContain('Category: Not specified');
  });
});
