import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** What a badge vouches for; each has its own icon and colour. */
export type TrustKind = 'guarantee' | 'secure' | 'delivery';

/** A decorative 24×24 icon in the text's colour. */
function Icon24({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="currentColor"
      style={{ flex: 'none' }}
    >
      {children}
    </svg>
  );
}

/** A rosette with a tick: the money-back guarantee. */
function SealIcon() {
  return (
    <Icon24>
      <path d="M8.2 14.6 6.5 22l3-1.6 2.5 1.6.6-5.4zm7.6 0L17.5 22l-3-1.6-2.5 1.6-.6-5.4z" />
      <circle cx="12" cy="9.5" r="7.5" />
      <path
        d="m8.7 9.6 2.2 2.2 4.4-4.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon24>
  );
}

/** A padlock: the encrypted checkout. */
function LockIcon() {
  return (
    <Icon24>
      <path d="M8 10V7.5a4 4 0 0 1 8 0V10" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <rect x="4.5" y="10" width="15" height="11" rx="2.5" />
      <circle cx="12" cy="15.5" r="1.8" fill="#fff" />
    </Icon24>
  );
}

/** An envelope: the keys come by e-mail. */
function MailIcon() {
  return (
    <Icon24>
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
      <path d="m4.5 7.5 7.5 5.5 7.5-5.5" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinejoin="round" />
    </Icon24>
  );
}

const KINDS: Record<TrustKind, { Icon: () => ReactNode; color: string; tint: string }> = {
  guarantee: { Icon: SealIcon, color: 'success.main', tint: '#eaf6ee' },
  secure: { Icon: LockIcon, color: 'primary.main', tint: '#eaf1fb' },
  delivery: { Icon: MailIcon, color: 'primary.main', tint: '#eaf1fb' },
};

/** The icon of a kind of promise, decorative (e.g. the guarantee banner's). */
export function TrustIcon({ kind }: { kind: TrustKind }) {
  const { Icon } = KINDS[kind];
  return <Icon />;
}

/**
 * One of the store's promises (the guarantee, the secure checkout, delivery by e-mail) as a badge: its
 * icon (decorative) and its words, which stay the text a screen reader reads.
 */
export function TrustBadge({
  kind,
  children,
  component = 'div',
}: {
  kind: TrustKind;
  children: ReactNode;
  component?: 'div' | 'li';
}) {
  const { Icon, color, tint } = KINDS[kind];
  return (
    <Box
      component={component}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: tint,
        color: 'text.primary',
        fontSize: 14,
        fontWeight: 600,
        lineHeight: 1.3,
        '& > svg': { color },
      }}
    >
      <Icon />
      <span>{children}</span>
    </Box>
  );
}
