import { fireEvent, screen } from '@testing-library/react';
import { initialCartState } from '../store/cart/cartSlice';
import { STANDARD } from './fixtures';

/** A loaded cart of `quantity` Office 2024 Standard, as the checkout page finds it. */
export const cartOf = (quantity = 1) => ({
  ...initialCartState,
  isLoading: false,
  items: [{ id: STANDARD.id, quantity }],
});

/** Types into the checkout's field labelled `label` and leaves it, as a shopper does (its check runs). */
export function fill(label: string, value: string) {
  const input = screen.getByLabelText(label, { exact: false });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Jane's valid billing details, billed in India (the form's default country), as a shopper types them. */
export function fillBilling() {
  fill('Email address', 'jane@example.com');
  fill('First name', 'Jane');
  fill('Last name', 'Doe');
  fill('Street address', '12 Market Street');
  fill('City', 'Pune');
  fill('Postal code', '411001');
  fill('Phone number', '98765 43210');
}
