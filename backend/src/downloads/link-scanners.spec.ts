import { isLinkScanner } from './link-scanners.js';

describe('isLinkScanner', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; Google-Safety; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'WhatsApp/2.23.20.0',
    'Microsoft Office Existence Discovery',
    'Mozilla/4.0 (compatible; ms-office; MSOffice 16)',
    'Mimecast URL Protect',
    'Mozilla/5.0 (compatible; SomeCheck/1.0; +https://example.com/bot)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  ])('knows %s', (agent) => expect(isLinkScanner({ 'user-agent': agent })).toBe(true));

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'curl/8.5.0',
    'Mozilla/5.0 (Linux; Android 10; CUBOT P40) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    '',
  ])('counts %j as a download', (agent) => expect(isLinkScanner({ 'user-agent': agent })).toBe(false));

  it('knows pre-fetches by their headers', () => {
    expect(isLinkScanner({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isLinkScanner({ purpose: 'prefetch' })).toBe(true);
    expect(isLinkScanner({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isLinkScanner({ 'sec-purpose': 'navigate' })).toBe(false);
  });
});
