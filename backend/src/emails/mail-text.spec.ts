import { escapeHtml, singleLine, truncate } from './mail-text.js';

describe('escapeHtml', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('escapes an ampersand once, so entities typed by the visitor stay visible as text', () => {
    expect(escapeHtml('&lt;b&gt;')).toBe('&amp;lt;b&amp;gt;');
  });

  it('leaves ordinary text, line breaks and non-ASCII alone', () => {
    expect(escapeHtml('Grüße,\nJosé — 50% off')).toBe('Grüße,\nJosé — 50% off');
  });
});

describe('singleLine', () => {
  it('turns line breaks and control characters into single spaces', () => {
    expect(singleLine('Hello\r\nBcc: victim@example.com')).toBe('Hello Bcc: victim@example.com');
    expect(singleLine(' a\tb\u0000c\u2028d\u0085e ')).toBe('a b c d e');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(Array.from(truncate('😀'.repeat(10), 5))).toHaveLength(5);
  });
});
