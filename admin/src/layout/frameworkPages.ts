/*
 * react-admin's own pages for what rarely happens (an error, a denied access, a failed authentication
 * check) and its loading page, which App.tsx passes to react-admin as <Admin> would: imported from here,
 * lazily, they are a chunk of their own rather than part of the login page's load.
 */
export { AccessDenied, AuthenticationError, Error as ErrorPage, LoadingPage } from 'react-admin';
