import { LineChart } from '@mui/x-charts/LineChart';
import type { SalesPeriod } from '@store/contracts';
import { formatMoney } from '../common/format';

/** Net sales (left axis, dollars) and orders (right axis) per period, as a line chart. */
export const SalesChart = ({ periods, height = 280 }: { periods: SalesPeriod[]; height?: number }) => (
  <LineChart
    height={height}
    xAxis={[
      { scaleType: 'point', data: periods.map((p) => p.period), valueFormatter: (d: string) => d.slice(5) },
    ]}
    yAxis={[
      { id: 'revenue', valueFormatter: (cents: number) => formatMoney(cents) },
      { id: 'orders', position: 'right' },
    ]}
    series={[
      {
        label: 'Net sales',
        yAxisId: 'revenue',
        showMark: true,
        data: periods.map((p) => p.netSalesCents),
        valueFormatter: (cents) => formatMoney(cents ?? 0),
      },
      { label: 'Orders', yAxisId: 'orders', showMark: true, data: periods.map((p) => p.orders) },
    ]}
  />
);
