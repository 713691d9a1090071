import { expect, test, type APIRequestContext } from '@playwright/test';

/** The JavaScript a page loads first: its module script and the chunks it preloads. */
async function firstLoadScripts(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const urls = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]!);
  expect(urls.length).toBeGreaterThan(0);
  const bodies = await Promise.all(urls.map(async (url) => (await request.get(url)).text()));
  return bodies.join('\n');
}

// The journeys' builds are made with NODE_ENV=development in the environment (e2e/global-setup.ts), as a
// shell following `.env.example` would: shoppers and staff must still get React's production build.
for (const [app, path] of [
  ['storefront', '/'],
  ['back office', '/admin/'],
] as const) {
  test(`the ${app} ships React's production build`, async ({ request }) => {
    const code = await firstLoadScripts(request, path);
    expect(code).toContain('Minified React error');
    expect(code).not.toContain('Download the React DevTools');
  });
}
