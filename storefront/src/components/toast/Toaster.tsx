import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast';

/** Distance in px a toast must be swiped to the right to be dismissed. */
export const SWIPE_THRESHOLD = 50;

const COLORS = {
  default: { bg: 'background.paper', fg: 'text.primary' },
  success: { bg: '#ecfdf3', fg: '#05603a' },
  destructive: { bg: '#b42318', fg: '#ffffff' },
} as const;

function ToastItem({ item }: { item: Toast }) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<number | null>(null);
  const colors = COLORS[item.variant];

  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    setDragging(true);
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    setDragging(false);
    if (offset >= SWIPE_THRESHOLD) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <Box
      // The region is polite; a failure interrupts.
      role={item.variant === 'destructive' ? 'alert' : undefined}
      aria-atomic="true"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{
        // What MUI's Paper at elevation 6 draws.
        borderRadius: 1,
        boxShadow: 6,
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 2,
        pr: 1,
        bgcolor: colors.bg,
        color: colors.fg,
        transform: `translateX(${offset}px)`,
        transition: dragging ? 'none' : 'transform 150ms ease-out',
        touchAction: 'pan-y',
        userSelect: 'none',
      }}
    >
      <Box sx={{ flex: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{item.title}</Typography>
        {item.description && <Typography variant="body2">{item.description}</Typography>}
      </Box>
      {/* A plain button shaped like MUI's small IconButton: the toaster is on every page's first load. */}
      <Box
        component="button"
        type="button"
        aria-label="Close notification"
        onClick={() => dismissToast(item.id)}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 30,
          height: 30,
          p: 0,
          border: 0,
          borderRadius: '50%',
          bgcolor: 'transparent',
          color: 'inherit',
          font: 'inherit',
          fontSize: '1.25rem',
          lineHeight: 1,
          cursor: 'pointer',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 1 },
        }}
      >
        <span aria-hidden="true">×</span>
      </Box>
    </Box>
  );
}

/**
 * The notification region: an ARIA live region that F8 focuses, holding the current toast (one at a time).
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Box
      component="section"
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      sx={{
        position: 'fixed',
        zIndex: 1500,
        right: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        width: { sm: 380 },
        outline: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4 },
      }}
    >
      <Box aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}
