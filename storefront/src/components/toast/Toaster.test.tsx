import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast } from './toast';
import { Toaster } from './Toaster';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('shows one toast at a time in a live region and removes it after 5000 ms', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.querySelector('[aria-live="polite"]')).toBeTruthy();

    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Billing information saved', description: 'Proceeding to payment...' }));
    expect(region.textContent).not.toContain('First');
    expect(region.textContent).toContain('Billing information saved');
    expect(region.textContent).toContain('Proceeding to payment...');

    act(() => vi.advanceTimersByTime(4999));
    expect(region.textContent).toContain('Billing information saved');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
  });

  it('closes with the close button, and announces failures as alerts', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Payment Failed', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Payment Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is dismissed by a swipe right of at least 50 px, not by a shorter one', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Swipe me' }));
    const item = screen.getByText('Swipe me').closest('[aria-atomic]')!;

    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 140, pointerId: 1 });
    expect(screen.queryByText('Swipe me')).toBeTruthy();

    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 155, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 155, pointerId: 1 });
    expect(screen.queryByText('Swipe me')).toBeNull();
  });

  it('F8 moves focus to the notification region', () => {
    render(<Toaster />);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }));
  });
});
