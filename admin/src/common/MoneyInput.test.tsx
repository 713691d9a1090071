import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyText, parseMoney } from './MoneyInput';

describe('parseMoney and moneyText', () => {
  it('reads currency units as cents', () => {
    expect(parseMoney('62')).toBe(6200);
    expect(parseMoney('0.62')).toBe(62);
    expect(parseMoney('18.5')).toBe(1850);
    expect(parseMoney(' $1,234.56 ')).toBe(123456);
    expect(parseMoney('18.')).toBe(1800);
    expect(parseMoney('')).toBeNull();
    for (const text of ['12.345', 'abc', '-3', '1.2.3', '1e3']) expect(parseMoney(text)).toBeNaN();
  });

  it('writes cents as units', () => {
    expect(moneyText(6200)).toBe('62.00');
    expect(moneyText(5)).toBe('0.05');
    expect(moneyText(null)).toBe('');
  });
});

function renderForm(record: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
  render(
    <AdminContext>
      <Form record={record} onSubmit={onSubmit}>
        <MoneyInput source="costPerKeyCents" label="Cost per key (USD)" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return screen.getByRole('textbox', { name: /Cost per key/ }) as HTMLInputElement;
}

describe('MoneyInput', () => {
  it('shows cents as units and saves what is typed in units as cents: 62 is $62.00, not $0.62', async () => {
    const onSubmit = vi.fn();
    const input = renderForm({ costPerKeyCents: 1850 }, onSubmit);
    expect(input.value).toBe('18.50');
    fireEvent.change(input, { target: { value: '62' } });
    expect(input.value).toBe('62');
    fireEvent.blur(input);
    expect(input.value).toBe('62.00');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ costPerKeyCents: 6200 });
  });

  it('refuses text that is not an amount, saying how to write one', async () => {
    const onSubmit = vi.fn();
    const input = renderForm({ costPerKeyCents: null }, onSubmit);
    fireEvent.change(input, { target: { value: '12.345' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Enter an amount in dollars, e.g. 40.49')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Keeps what was typed, so it can be corrected.
    expect(input.value).toBe('12.345');
  });
});
