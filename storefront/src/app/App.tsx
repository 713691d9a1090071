import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from '../components/toast/Toaster';
import { selectCartOpen, selectTotalItems } from '../store/cart/cartSlice';
import { useAppSelector } from '../store/hooks';
import { ScrollToTop } from './shell/ScrollToTop';

// The cart dialog (with the promo-code box) is loaded the first time the cart opens, not with /.
const FloatingCartButton = lazy(() =>
  import('./shell/FloatingCartButton').then((m) => ({ default: m.FloatingCartButton })),
);
const CartModal = lazy(() => import('../features/cart/CartModal').then((m) => ({ default: m.CartModal })));

/** The root of every route: scroll reset, the cart dialog and the notification region. */
export function App() {
  const { pathname } = useLocation();
  const cartOpen = useAppSelector(selectCartOpen);
  const cartCount = useAppSelector(selectTotalItems);
  const [cartUsed, setCartUsed] = useState(cartOpen);
  if (cartOpen && !cartUsed) setCartUsed(true);

  return (
    <>
      <ScrollToTop />
      <Outlet />
      {pathname === '/' && cartCount > 0 && (
        <Suspense fallback={null}>
          <FloatingCartButton />
        </Suspense>
      )}
      {cartUsed && (
        <Suspense fallback={null}>
          <CartModal />
        </Suspense>
      )}
      <Toaster />
    </>
  );
}
