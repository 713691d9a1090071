import { LineChart } from '@mui/x-charts/LineChart';
import type { AxisValueFormatterContext } from '@mui/x-charts/models';
import type { SalesPeriod } from '@store/contracts';
import { DEFAULT_CURRENCY, formatMoney } from '../common/format';

/** Net sales (left axis, dollars) and orders (right axis) per period, as a line chart. */
export const SalesChart = ({ periods, height = 280 }: { periods: SalesPeriod[]; height?: number }) => (
  <LineChart
    height={height}
    xAxis={[
      { scaleType: 'point', data: periods.map((p) => p.period), valueFormatter: (d: string) => d.slice(5) },
    ]}
    yAxis={[
      // Ticks short ("$2.1K"): full amounts were cut by the axis ("$2,…"); the tooltip keeps them whole.
      {
        id: 'revenue',
        valueFormatter: (cents: number, context: AxisValueFormatterContext) =>
          context.location === 'tick'
            ? formatMoney(cents, DEFAULT_CURRENCY, { compact: true })
            : formatMoney(cents, DEFAULT_CURRENCY),
      },
      { id: 'orders', position: 'right' },
    ]}
    series={[
      {
        label: 'Net sales',
        yAxisId: 'revenue',
        showMark: true,
        data: periods.map((p) => p.netSalesCents),
        valueFormatter: (cents) => formatMoney(cents ?? 0, DEFAULT_CURRENCY),
      },
      { label: 'Orders', yAxisId: 'orders', showMark: true, data: periods.map((p) => p.orders) },
    ]}
  />
);
