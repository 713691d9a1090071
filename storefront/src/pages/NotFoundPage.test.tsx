import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';

describe('NotFoundPage', () => {
  it('is what the router renders for an unknown path', () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/no-such-page'] });

    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});
