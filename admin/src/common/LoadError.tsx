import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useGetResourceLabel, useListContext } from 'react-admin';

/**
 * A load that failed, said as such (never as an empty table) with a way to ask again: queries are not
 * retried on their own (App.tsx's QueryClient).
 */
export const LoadError = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <Alert
    severity="error"
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        Retry
      </Button>
    }
  >
    Failed to fetch {what}. Check the connection, then retry.
  </Alert>
);

/** A react-admin list's error state (its `error` prop): the resource's name and Retry. */
export const ListLoadError = () => {
  const { resource, refetch } = useListContext();
  const label = useGetResourceLabel()(resource, 2).toLowerCase();
  return <LoadError what={label} onRetry={() => void refetch()} />;
};
