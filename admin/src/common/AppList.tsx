import type { ReactNode } from 'react';
import { List, type ListProps } from 'react-admin';
import { AppPagination } from './AppPagination';
import { ListLoadError } from './LoadError';
import { ListToolbar } from './ListToolbar';
import { useIsPhone } from './phone';

export interface AppListProps extends Omit<ListProps, 'children'> {
  /** The rows as cards, below 900 px (see `useIsPhone`): a RecordCards. */
  cards: ReactNode;
  /** The rows as a table, on wider screens: a DataTable. */
  table: ReactNode;
}

/**
 * A back-office list: react-admin's List without an export, with our pagination, load error and toolbar
 * (its `actions`, Refresh alone by default), showing `cards` on a phone and `table` on wider screens.
 */
export const AppList = ({ cards, table, actions = <ListToolbar />, ...props }: AppListProps) => {
  const isPhone = useIsPhone();
  return (
    <List
      exporter={false}
      actions={actions}
      pagination={<AppPagination />}
      error={<ListLoadError />}
      {...props}
    >
      {isPhone ? cards : table}
    </List>
  );
};
