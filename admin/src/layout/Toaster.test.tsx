import Button from '@mui/material/Button';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { useToast } from '../common/toast';
import { Toaster } from './Toaster';

const Fail = ({ title }: { title: string }) => {
  const toast = useToast();
  return <Button onClick={() => toast(title, 'This license key already exists', 'error')}>{title}</Button>;
};

function renderToaster() {
  render(
    <AdminContext>
      <Fail title="Creation failed" />
      <Fail title="Update failed" />
      <Toaster />
    </AdminContext>,
  );
}

describe('the toasts', () => {
  it('show one at a time: three identical failures make one toast', async () => {
    renderToaster();
    const create = screen.getByRole('button', { name: 'Creation failed' });
    fireEvent.click(create);
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toContain('Creation failed');
  });

  it('replace the one showing with a new one, which does not come back', async () => {
    renderToaster();
    fireEvent.click(screen.getByRole('button', { name: 'Creation failed' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Update failed' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Update failed'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sit at the top, away from the dialog actions at the bottom', async () => {
    renderToaster();
    fireEvent.click(screen.getByRole('button', { name: 'Creation failed' }));
    const toaster = (await screen.findByRole('alert')).parentElement!;
    const style = getComputedStyle(toaster);
    expect(style.position).toBe('fixed');
    expect(style.top).toBe('16px');
    expect(style.bottom).not.toBe('16px');
  });
});
