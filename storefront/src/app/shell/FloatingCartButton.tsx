import Badge from '@mui/material/Badge';
import Fab from '@mui/material/Fab';
import { selectTotalItems, setCartOpen } from '../../store/cart/cartSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CartIcon } from './icons';

/** The cart's way in on /, which has no header: shown once the cart holds something. */
export function FloatingCartButton() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectTotalItems);
  if (count <= 0) return null;
  return (
    <Fab
      color="primary"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={() => dispatch(setCartOpen(true))}
      sx={{ position: 'fixed', right: 24, top: 24, zIndex: 1100 }}
    >
      <Badge badgeContent={count} color="secondary">
        <CartIcon />
      </Badge>
    </Fab>
  );
}
