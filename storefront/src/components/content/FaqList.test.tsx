import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOURS } from '../../content/storeContacts';
import { renderWithStore } from '../../test/render';
import { FaqList } from './FaqList';

describe('FaqList', () => {
  it('shows plain answers as written and fills in the support hours an answer names, from the settings', async () => {
    renderWithStore(
      <FaqList
        entries={[
          { question: 'When can I call?', answer: `We answer the phone ${HOURS.phone}.` },
          { question: 'Is it quick?', answer: 'Keys arrive within minutes.' },
        ]}
      />,
    );

    expect(screen.getByText('Keys arrive within minutes.')).toBeTruthy();
    // The hours' code loads with the answer (not in the home page's first load); then the settings' hours.
    expect(await screen.findByText('We answer the phone Mon-Fri 9AM-6PM EST.')).toBeTruthy();
  });
});
