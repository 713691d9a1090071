import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LogoMark } from './LogoMark';
import { PaymentMarks } from './PaymentMarks';
import { TrustBadge } from './TrustBadge';

describe('LogoMark', () => {
  it('is decorative and has its size before the file loads', () => {
    const { container } = render(<LogoMark size={40} />);
    // alt="" takes it out of the accessibility tree: the name beside it names the link.
    expect(screen.queryByRole('img')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/favicon.svg');
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['40', '40']);
  });
});

describe('PaymentMarks', () => {
  it('lists the accepted card brands, each an image named by the brand', () => {
    render(<PaymentMarks />);
    const list = screen.getByRole('list', { name: 'Accepted cards' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Visa', 'Mastercard', 'American Express']);
    for (const name of ['Visa', 'Mastercard', 'American Express'])
      expect(within(list).getByRole('img', { name })).toHaveProperty('tagName', 'svg');
  });
});

describe('TrustBadge', () => {
  it('reads as its words; the icon is decorative', () => {
    render(
      <ul>
        <TrustBadge kind="guarantee" component="li">
          30-Day Money-Back Guarantee
        </TrustBadge>
      </ul>,
    );
    const badge = screen.getByRole('listitem');
    expect(badge.textContent).toBe('30-Day Money-Back Guarantee');
    expect(within(badge).queryByRole('img')).toBeNull();
    expect(badge.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
