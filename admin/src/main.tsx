import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, BASENAME } from './App';
import { getToken } from './providers/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Without a stored session, start on the login page. react-admin would get there too, but with react-router 7
// its redirect from a protected page loops for seconds first (marmelab/react-admin#10885). The server
// guards every call regardless.
if (!getToken() && !window.location.pathname.startsWith(`${BASENAME}/login`)) {
  window.history.replaceState(null, '', `${BASENAME}/login`);
}

// A browser router (react-admin defaults to a hash router) so that URLs read /admin/orders, /admin/login.
// The router owns the /admin prefix, so react-admin's own paths (/login, /orders) need no basename.
createRoot(container).render(
  <StrictMode>
    <BrowserRouter basename={BASENAME}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
