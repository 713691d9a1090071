import { SelectInput } from 'react-admin';

/**
 * A list's filter on one status column: always shown beside the search box, "All" when none is chosen,
 * each status by its label (`choices`: value and label).
 */
export const statusFilter = (
  choices: readonly { id: string; name: string }[],
  { source = 'status', label = 'Status' }: { source?: string; label?: string } = {},
) => (
  <SelectInput
    key={source}
    source={source}
    label={label}
    choices={[...choices]}
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 160 }}
  />
);
