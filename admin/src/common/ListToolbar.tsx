import type { ReactNode } from 'react';
import { RefreshButton, TopToolbar } from 'react-admin';

/** A list's top toolbar: its own buttons, then Refresh. */
export const ListToolbar = ({ children }: { children?: ReactNode }) => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    {children}
    <RefreshButton label="Refresh" />
  </TopToolbar>
);
