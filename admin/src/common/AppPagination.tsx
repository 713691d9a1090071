import { Pagination, useListContext } from 'react-admin';

/** The total past 10,000 matches is a lower bound (`X-Total-Capped`): it reads "10,000+". */
export function rangeLabel(from: number, to: number, count: number, capped: boolean): string {
  const total = count === -1 ? to : count;
  return `${from}-${to} of ${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

export const AppPagination = () => {
  const { meta, error } = useListContext();
  // A failed load has no range to show (the list says what failed).
  if (error) return null;
  const capped = Boolean((meta as { totalCapped?: boolean } | undefined)?.totalCapped);
  // Pagination hands its other props to MUI's TablePagination, whose label this replaces.
  const label = {
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      rangeLabel(from, to, count, capped),
  };
  return <Pagination rowsPerPageOptions={[10, 25, 50, 100]} {...label} />;
};
