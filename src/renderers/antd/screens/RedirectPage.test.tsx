import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { redirectPage } from './RedirectPage.tsx';

describe('screen redirect route', () => {
  it('carries a nested base’s params and the query string to the list', async () => {
    const Redirect = redirectPage('/empresas/:companyTypeId/lista');
    const router = createMemoryRouter(
      [{ path: '/empresas/:companyTypeId', element: <Redirect /> }, { path: '/empresas/:companyTypeId/lista', element: <p>lista</p> }],
      { initialEntries: ['/empresas/t%201?q=acme'] },
    );
    const { findByText } = render(<RouterProvider router={router} />);
    expect(await findByText('lista')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/empresas/t%201/lista?q=acme');
  });
});
