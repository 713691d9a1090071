import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render';
import { Testimonials } from './Testimonials';

describe('Testimonials', () => {
  it('renders no section while there are no quotes', () => {
    const { container } = renderWithStore(<Testimonials testimonials={[]} title="What our customers say" />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: 'What our customers say' })).toBeNull();
  });

  it('renders each quote with who said it, the role and company when given', () => {
    renderWithStore(
      <Testimonials
        title="What our customers say"
        testimonials={[
          { quote: 'Answers within the hour.', name: 'Jane Doe', role: 'IT Director', company: 'Acme Ltd' },
          { quote: 'No more escalation fees.', name: 'Sam Lee' },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'What our customers say' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    // Each quote is a figure: the quote, and who said it as its caption.
    const [jane, sam] = within(section).getAllByRole('figure');
    expect(within(jane!).getByRole('blockquote').textContent).toBe('“Answers within the hour.”');
    expect(within(jane!).getByText('Jane Doe, IT Director, Acme Ltd').tagName).toBe('FIGCAPTION');
    expect(within(sam!).getByRole('blockquote').textContent).toBe('“No more escalation fees.”');
    expect(within(sam!).getByText('Sam Lee').tagName).toBe('FIGCAPTION');
  });
});
