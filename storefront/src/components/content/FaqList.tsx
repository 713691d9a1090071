import Box from '@mui/material/Box';
import { lazy, Suspense, useId } from 'react';
import type { FaqEntry } from '../../content/faq';
import { splitHours } from '../../content/storeContacts';
import { Text } from '../Text';

/*
 * An answer that names the support hours fills them in from the store's settings (StoreContacts), whose
 * code and the server-data client behind it are not needed for the first render of the home page (#33):
 * they load with the answer. Prerendering waits for them; hydration keeps the prerendered answer until
 * they are there.
 */
const WithSupportHours = lazy(() =>
  import('../StoreContacts').then((module) => ({ default: module.WithSupportHours })),
);

function Answer({ text }: { text: string }) {
  const parts = splitHours(text);
  if (parts.every((part) => typeof part === 'string')) return <>{text}</>;
  const withoutHours = parts.map((part) => (typeof part === 'string' ? part : '…')).join('');
  return (
    <Suspense fallback={withoutHours}>
      <WithSupportHours text={text} />
    </Suspense>
  );
}

interface FaqListProps {
  entries: readonly FaqEntry[];
  /** The questions' heading level, under the section's own heading. */
  heading?: 'h3' | 'h4';
  /** The lists that share one "one open at a time" (the home page's two categories) share a group. */
  group?: string;
}

/**
 * Questions as disclosures (<details>): they open before the page's scripts have run, and, named as one
 * group, the browser keeps one answer open at a time; the open one can be closed again.
 */
export function FaqList({ entries, heading = 'h3', group }: FaqListProps) {
  const ownGroup = useId();
  return (
    <Box
      sx={{
        maxWidth: '75ch',
        '& details': { borderBottom: 1, borderColor: 'divider' },
        '& summary': {
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          py: 2,
          cursor: 'pointer',
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        },
        // The sign, in CSS so that it follows the answer's state before the page is hydrated too.
        '& .faq-sign::before': { content: '"+"', ml: 2, fontSize: 20 },
        '& details[open] .faq-sign::before': { content: '"−"' },
      }}
    >
      {entries.map((entry) => (
        <details key={entry.question} name={group ?? ownGroup}>
          <summary>
            <Text component={heading} sx={{ m: 0, fontSize: '1rem', fontWeight: 600 }}>
              {entry.question}
            </Text>
            <span className="faq-sign" aria-hidden="true" />
          </summary>
          <Box sx={{ pb: 2, color: 'text.secondary' }}>
            <Answer text={entry.answer} />
          </Box>
        </details>
      ))}
    </Box>
  );
}
