import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { DEFAULT_CURRENCY, formatMoney } from '../common/format';
import { errorMessage } from '../common/toast';
import { dayBefore, getMargins, type MarginGroup } from './api';
import { StillComputingNotice } from './SalesPanel';

/**
 * Margins per product or per supplier over a range of days (#21 §3). Products: what their orders paid in
 * the range came to, less refunds, without tax; suppliers: what the keys they sold earned and cost.
 */
export const MarginsPage = () => {
  const today = dayBefore(new Date(), 0);
  const [from, setFrom] = useState(dayBefore(new Date(), 29));
  const [to, setTo] = useState(today);
  const [groupBy, setGroupBy] = useState<MarginGroup>('product');
  const query = useQuery({
    queryKey: ['reports', 'margins', from, to, groupBy],
    queryFn: () => getMargins({ from, to, groupBy }),
    retry: false,
  });
  const rows = query.data?.rows ?? [];

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Reports" />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Margins
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label="From"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          size="small"
          label="Group by"
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value as MarginGroup)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="product">Product</MenuItem>
          <MenuItem value="supplier">Supplier</MenuItem>
        </TextField>
      </Stack>
      {query.error ? (
        <Alert severity="error">{errorMessage(query.error, 'The margins could not be loaded')}</Alert>
      ) : null}
      <StillComputingNotice show={query.data?.stillComputing && groupBy === 'product'} />
      <Table size="small" aria-label="Margins">
        <TableHead>
          <TableRow>
            <TableCell>{groupBy === 'product' ? 'Product' : 'Supplier'}</TableCell>
            <TableCell align="right">Units sold</TableCell>
            <TableCell align="right">Keys used</TableCell>
            <TableCell align="right">Revenue (no tax)</TableCell>
            <TableCell align="right">Key cost</TableCell>
            <TableCell align="right">Margin</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.label}</TableCell>
              <TableCell align="right">{row.unitsSold.toLocaleString('en-US')}</TableCell>
              <TableCell align="right">{row.keysUsed.toLocaleString('en-US')}</TableCell>
              <TableCell align="right">{formatMoney(row.revenueCents, DEFAULT_CURRENCY)}</TableCell>
              <TableCell align="right">{formatMoney(row.keyCostCents, DEFAULT_CURRENCY)}</TableCell>
              <TableCell align="right">{formatMoney(row.marginCents, DEFAULT_CURRENCY)}</TableCell>
            </TableRow>
          ))}
          {query.isSuccess && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>No sales in this range</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <Typography variant="caption">
        {groupBy === 'product'
          ? 'Orders paid in the range, less the refunds made in it, without tax, less the cost of every key they used: replacements of faulty keys are keys used, not units sold.'
          : 'Keys delivered in the range: what each earned (its share of its order, without tax) and cost; a faulty key replaced earned nothing. Keys stored before batches are under “No batch”.'}
      </Typography>
    </Box>
  );
};
