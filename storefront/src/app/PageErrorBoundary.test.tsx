import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new RangeError('Invalid currency code : undefined');
}

afterEach(() => vi.restoreAllMocks());

describe('a page that fails to render', () => {
  it('shows the shopper what happened and a way back, not a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This page could not be shown');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('renders the page itself when nothing fails', () => {
    render(
      <PageErrorBoundary>
        <p>The page</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
