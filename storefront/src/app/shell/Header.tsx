import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { selectTotalItems, setCartOpen } from '../../store/cart/cartSlice';
import { LogoMark } from '../../components/brand/LogoMark';
import { StoreName } from '../../components/StoreContacts';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CurrencySelect } from '../../features/cart/CurrencySelect';
import { CartIcon } from './icons';

/**
 * Sticky header: the logo to / (the mark, and the store's name that names the link), the currency (#35),
 * Login (hidden on small screens), Cart with a count badge above 0.
 *
 * Cart is a link to /checkout, which lists the cart: in a prerendered page a tap before the scripts have run
 * goes there (#34: taps were lost while it waited, disabled, for hydration). Once hydrated, a plain click opens
 * the cart dialog instead; a click that asks for a new tab or window still follows the link.
 */
/** Where the Cart link leads without scripts: the checkout, which shows the cart's lines and totals. */
const CART_PAGE = '/checkout';

export function Header() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectTotalItems);
  const openCart = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(setCartOpen(true));
  };

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 2 }}>
        <Link
          component={RouterLink}
          to="/"
          variant="h6"
          color="inherit"
          underline="none"
          // On a 320 px phone the name takes two lines rather than push the Cart button off the screen.
          sx={{
            fontWeight: 800,
            fontSize: { xs: '1rem', sm: '1.25rem' },
            lineHeight: 1.2,
            display: 'inline-flex',
            alignItems: 'center',
            gap: { xs: 1, sm: 1.25 },
          }}
        >
          <LogoMark />
          <StoreName />
        </Link>
        <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
          {/* On a 320 px phone it would push Cart off the screen: there, the cart and checkout hold it. */}
          <CurrencySelect sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />
          <Button
            component={RouterLink}
            to="/login"
            color="inherit"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Login
          </Button>
          <Button
            color="inherit"
            href={CART_PAGE}
            onClick={openCart}
            aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
            startIcon={
              <Badge badgeContent={count} color="primary" invisible={count <= 0}>
                <CartIcon />
              </Badge>
            }
          >
            Cart
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
