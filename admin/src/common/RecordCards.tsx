import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import {
  ListNoResults,
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** One line of a card: what a table column would show, under its header's name. */
export interface CardField<T> {
  label: string;
  render: (record: T) => ReactNode;
}

export interface CardListProps<T> {
  /** The list's name for assistive technology ("Orders"). */
  label: string;
  /** The card's heading: what names the row. */
  title: (record: T) => ReactNode;
  fields: readonly CardField<T>[];
  /** The row's buttons, rendered in its record's context as in a table's Actions column. */
  actions?: ReactNode | ((record: T) => ReactNode);
  /** Where the heading links to, if anywhere (a table's `rowClick`). */
  linkTo?: (record: T) => string | undefined;
}

export interface RecordCardsProps<T> extends Omit<CardListProps<T>, 'linkTo'> {
  /** Whether the heading links to the record's edit page (a table's `rowClick="edit"`). */
  linkToEdit?: boolean;
}

/**
 * A react-admin list's rows as cards, one per row, for phone widths (see `useIsPhone`): each column a line
 * under its name, the actions at the bottom. Placeholders while loading; react-admin's "No results" when empty.
 */
export function RecordCards<T extends RaRecord>({ linkToEdit = false, ...props }: RecordCardsProps<T>) {
  const { data, isPending } = useListContext<T>();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (isPending) return <CardPlaceholders />;
  if (!data || data.length === 0) return <ListNoResults />;
  const linkTo =
    linkToEdit && resource ? (record: T) => createPath({ resource, id: record.id, type: 'edit' }) : undefined;
  return <CardList<T> {...props} records={data} linkTo={linkTo} />;
}

export const CardPlaceholders = () => (
  <Stack spacing={1} sx={{ p: 1 }} aria-busy="true">
    {[0, 1, 2].map((n) => (
      <Skeleton key={n} variant="rounded" height={120} />
    ))}
  </Stack>
);

/** Records as cards (see RecordCards). Nothing is wider than the screen: long values wrap anywhere. */
export function CardList<T extends RaRecord>({
  label,
  title,
  fields,
  actions,
  linkTo,
  records,
}: CardListProps<T> & { records: readonly T[] }) {
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {records.map((record) => {
        const href = linkTo?.(record);
        return (
          <RecordContextProvider key={record.id} value={record}>
            <Card component="li" variant="outlined">
              <CardContent sx={{ pb: actions ? 0 : undefined }}>
                {/* A div, not an h2: a title may hold a block (the key and its copy button). */}
                <Typography
                  variant="subtitle1"
                  component="div"
                  role="heading"
                  aria-level={2}
                  sx={{ overflowWrap: 'anywhere', mb: 1 }}
                >
                  {href ? (
                    <Link component={RouterLink} to={href}>
                      {title(record)}
                    </Link>
                  ) : (
                    title(record)
                  )}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'max-content minmax(0, 1fr)',
                    columnGap: 2,
                    rowGap: 0.5,
                    alignItems: 'center',
                    m: 0,
                  }}
                >
                  {fields.map((field) => (
                    <Fragment key={field.label}>
                      <Typography component="dt" variant="body2" color="textSecondary">
                        {field.label}
                      </Typography>
                      <Box
                        component="dd"
                        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}
                      >
                        {field.render(record)}
                      </Box>
                    </Fragment>
                  ))}
                </Box>
              </CardContent>
              {actions ? (
                <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {typeof actions === 'function' ? actions(record) : actions}
                </CardActions>
              ) : null}
            </Card>
          </RecordContextProvider>
        );
      })}
    </Stack>
  );
}
