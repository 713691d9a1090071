import { describe, expect, it } from 'vitest';

/** The content pages and their shared components, as source text. */
const SOURCES = {
  ...import.meta.glob(
    './{Careers,Compatibility,Contact,DeliveryPolicy,EnterpriseSupport,Eula,Privacy,RefundPolicy,Terms}Page.tsx',
    { query: '?raw', import: 'default', eager: true },
  ),
  ...import.meta.glob(['../components/content/*.tsx', '!../components/content/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
} as Record<string, string>;

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * Words a user would see or hear, written in the code rather than taken from a content module: text
 * between JSX tags, a string given to a labelling prop or column, and a template literal with words in it.
 * A heuristic, tuned to these files: identifiers, ids and class names are not words with spaces.
 */
function buriedCopy(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  for (const [, text] of code.matchAll(/>([^<>{}=;`'"]*)[<{]/g))
    // A comma that ends a line is code between two elements (`eyebrow: <X />,`), not text.
    if (/[A-Za-z]/.test(text!) && !/,\s*\n/.test(text!)) found.push(text!.trim());
  for (const [match] of code.matchAll(
    /\b(?:aria-label|title|alt|placeholder|label|yes|no|header|caption|eyebrow|text)\s*[:=]\s*(['"])[^'"]*[A-Za-z][^'"]*\1/g,
  ))
    found.push(match);
  for (const [literal, body] of code.matchAll(/`([^`]*)`/g)) {
    const words = body!.replace(/\$\{[^}]*\}/g, '');
    if (/[A-Za-z]{2,}\s|\s[A-Za-z]{2,}/.test(words)) found.push(literal);
  }
  return found;
}

describe('content pages', () => {
  it('are all checked', () => {
    expect(Object.keys(SOURCES)).toHaveLength(9 + 8);
  });

  it('take every word the user sees from a content module, none from their JSX', () => {
    const buried = Object.fromEntries(
      Object.entries(SOURCES)
        .map(([file, source]) => [file, buriedCopy(source)] as const)
        .filter(([, found]) => found.length > 0),
    );
    expect(buried).toEqual({});
  });

  it('would notice copy in JSX', () => {
    expect(
      buriedCopy(`
        <Tag tone="critical">Critical</Tag>
        <Typography>
          Step {index + 1}
        </Typography>
        { header: 'Requirement', cell: (row) => row.requirement },
        <YesNo value={row.mac} yes="Supported" no="Not supported" />
        eyebrow: \`\${d.openings} open positions\`,
        <Box component="nav" aria-label="Legal" sx={{ display: 'flex' }}>
      `),
    ).toEqual([
      'Critical',
      'Step',
      `header: 'Requirement'`,
      `yes="Supported"`,
      `no="Not supported"`,
      `aria-label="Legal"`,
      '`${d.openings} open positions`',
    ]);
    expect(
      buriedCopy(`
        <Typography id={\`job-\${slug(job.title)}\`} variant="h5" component="h3">
          {job.title}
        </Typography>
        {items.filter((c) => c.eligible).map((c) => c.condition)}
        <Box sx={{ gridTemplateColumns: \`repeat(\${columns}, 1fr)\` }} />
      `),
    ).toEqual([]);
  });
});
