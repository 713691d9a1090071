import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayButtonNote } from './PayButtonNote';

describe('PayButtonNote', () => {
  it('shows the total, the secure-payment badge and the accepted cards', () => {
    render(<PayButtonNote total={{ cents: 4049, currency: 'USD' }} />);
    expect(screen.getByText('Total to pay: $40.49')).toBeTruthy();
    expect(screen.getByText('256-bit SSL encrypted')).toBeTruthy();
    const cards = screen.getByRole('list', { name: 'Accepted cards' });
    expect(within(cards).getByRole('img', { name: 'Visa' })).toBeTruthy();
    expect(within(cards).getByRole('img', { name: 'Mastercard' })).toBeTruthy();
    expect(within(cards).getByRole('img', { name: 'American Express' })).toBeTruthy();
  });
});
