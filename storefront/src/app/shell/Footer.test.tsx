import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { Footer } from './Footer';

const productLinks = () =>
  within(screen.getByRole('navigation', { name: 'Products' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('Footer', () => {
  it("lists the build's catalogue before the page has loaded the catalogue (as the prerendered pages do)", () => {
    renderWithStore(<Footer />);
    expect(productLinks()).toEqual([
      ['Office 2024 Standard', '/'],
      ['Office 2024 Home & Business', '/'],
      ['Office 2024 Professional Plus LTSC', '/'],
    ]);
  });

  it('lists the catalogue GET /api/products answered, a fourth edition too', () => {
    const visio = { ...PRODUCTS[0]!, id: 'visio-2024-professional', title: 'Visio 2024 Professional' };
    renderWithStore(<Footer />, undefined, { products: [...PRODUCTS, visio] });
    expect(productLinks().map(([title]) => title)).toEqual([...PRODUCTS.map((p) => p.title), visio.title]);
  });

  it('shows the accepted cards, and the guarantee and secure payment as badges', () => {
    renderWithStore(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const cards = within(footer).getByRole('list', { name: 'Accepted cards' });
    expect(
      within(cards)
        .getAllByRole('img')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Visa', 'Mastercard', 'American Express']);
    expect(within(footer).getByText('30-Day Money-Back Guarantee')).toBeTruthy();
    expect(within(footer).getByText('256-bit SSL encrypted payment')).toBeTruthy();
  });
});
