import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectCartOpen, selectTotalItems } from '../store/cart/cartSlice';
import { useAppSelector } from '../store/hooks';
import { ScrollToTop } from './shell/ScrollToTop';

// The cart dialog (with the promo-code box) is loaded the first time the cart opens, not with /.
const FloatingCartButton = lazy(() =>
  import('./shell/FloatingCartButton').then((m) => ({ default: m.FloatingCartButton })),
);
const CartModal = lazy(() => import('../features/cart/CartModal').then((m) => ({ default: m.CartModal })));
// The notification region, after the first render: the first toast can only follow something the shopper
// did. A prerendered page has it already (the build waits for it); React adopts it once the code is here.
const Toaster = lazy(() => import('../components/toast/Toaster').then((m) => ({ default: m.Toaster })));

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
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
