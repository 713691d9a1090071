import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { contentUi } from '../../content/ui';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * An accessible data table: a caption naming it, column headers (`scope="col"`) and the first cell of each
 * row as its row header (`scope="row"`). It scrolls sideways on narrow screens rather than squashing.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const [first, ...rest] = columns;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={caption}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, color: '#374151' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} component="th" scope="col" sx={{ fontWeight: 700 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {first.cell(row)}
              </TableCell>
              {rest.map((column) => (
                <TableCell key={column.header}>{column.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A yes/no cell that does not rely on colour or a symbol alone. */
export function YesNo({
  value,
  yes = contentUi.yes,
  no = contentUi.no,
}: {
  value: boolean;
  yes?: string;
  no?: string;
}) {
  return (
    <span style={{ color: value ? '#1b7a3a' : '#b42318', fontWeight: 600 }}>
      <span aria-hidden="true">{value ? '✓ ' : '✗ '}</span>
      {value ? yes : no}
    </span>
  );
}
