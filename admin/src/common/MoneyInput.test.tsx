import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyText, parseMoney } from './MoneyInput';

describe('parseMoney and moneyText', () => {
  it('reads currency units as cents, by digits: 0.29 is 29, 19.99 is 1999, not a float a cent off', () => {
    expect(parseMoney('62', 'USD')).toBe(6200);
    expect(parseMoney('0.62', 'USD')).toBe(62);
    expect(parseMoney('0.29', 'USD')).toBe(29);
    expect(parseMoney('19.99', 'EUR')).toBe(1999);
    expect(parseMoney('18.5', 'USD')).toBe(1850);
    expect(parseMoney(' $1,234.56 ', 'USD')).toBe(123456);
    expect(parseMoney('€37.99', 'EUR')).toBe(3799);
    expect(parseMoney('18.', 'USD')).toBe(1800);
    expect(parseMoney('', 'USD')).toBeNull();
    for (const text of ['12.345', 'abc', '-3', '1.2.3', '1e3', '€5'])
      expect(parseMoney(text, 'USD')).toBeNaN();
  });

  it('reads yen as whole yen: JPY has no minor unit', () => {
    expect(parseMoney('6000', 'JPY')).toBe(6000);
    expect(parseMoney('¥6,000', 'JPY')).toBe(6000);
    expect(parseMoney('6000.5', 'JPY')).toBeNaN();
  });

  it('writes minor units as major units', () => {
    expect(moneyText(6200, 'USD')).toBe('62.00');
    expect(moneyText(5, 'USD')).toBe('0.05');
    expect(moneyText(29, 'EUR')).toBe('0.29');
    expect(moneyText(6000, 'JPY')).toBe('6000');
    expect(moneyText(null, 'USD')).toBe('');
  });
});

function renderForm(record: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
  render(
    <AdminContext>
      <Form record={record} onSubmit={onSubmit}>
        <MoneyInput source="costPerKeyCents" label="Cost per key (USD)" currency="USD" />
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

  /** A form whose currency is picked apart from the amount, as the batch form's currency select does. */
  function renderSwitchable(
    record: Record<string, unknown>,
    onSubmit: (values: Record<string, unknown>) => void,
  ) {
    const Switchable = () => {
      const [currency, setCurrency] = useState('USD');
      return (
        <>
          {['EUR', 'JPY'].map((code) => (
            <button key={code} type="button" onClick={() => setCurrency(code)}>
              {code}
            </button>
          ))}
          <MoneyInput source="costPerKeyCents" label="Cost per key" currency={currency} />
        </>
      );
    };
    render(
      <AdminContext>
        <Form record={record} onSubmit={onSubmit}>
          <Switchable />
          <SaveButton alwaysEnable />
        </Form>
      </AdminContext>,
    );
    return screen.getByRole('textbox', { name: /Cost per key/ }) as HTMLInputElement;
  }

  it('reads the amount shown in the currency picked after it: 12.50 dollars are 12.50 euros, never ¥1,250', async () => {
    const onSubmit = vi.fn();
    const input = renderSwitchable({ costPerKeyCents: null }, onSubmit);
    fireEvent.change(input, { target: { value: '12.50' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'EUR' }));
    expect(input.value).toBe('12.50');
    fireEvent.click(screen.getByRole('button', { name: 'JPY' }));
    expect(input.value).toBe('12.50');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Enter an amount in JPY, e.g. 4049')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '1250' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ costPerKeyCents: 1250 });
  });

  it('keeps a loaded amount as shown when the currency changes: $18.50 is not ¥1,850', async () => {
    const onSubmit = vi.fn();
    const input = renderSwitchable({ costPerKeyCents: 1850 }, onSubmit);
    expect(input.value).toBe('18.50');
    fireEvent.click(screen.getByRole('button', { name: 'JPY' }));
    expect(input.value).toBe('18.50');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Enter an amount in JPY, e.g. 4049')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
