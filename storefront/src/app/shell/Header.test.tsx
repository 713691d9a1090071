import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render';
import { Header } from './Header';

describe('Header', () => {
  it("links the logo to /, named by the store's name; the mark beside it is decorative", () => {
    renderWithStore(<Header />);
    const logo = within(screen.getByRole('banner')).getByRole('link', { name: 'Office Licence Store' });
    expect(logo.getAttribute('href')).toBe('/');
    const mark = logo.querySelector('img')!;
    expect(mark.getAttribute('alt')).toBe('');
    expect(mark.getAttribute('src')).toBe('/favicon.svg');
  });
});
