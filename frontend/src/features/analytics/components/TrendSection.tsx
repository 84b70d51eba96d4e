import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BRAND_GREEN } from '../../../theme/palette';
import { formatAxisDay, formatDay, formatRange } from '../utils/date-range';
import { formatCount } from '../utils/figures';
import { AnalyticsTable, countColumn, dayColumn, type AnalyticsColumn } from './AnalyticsTable';

type Day = AnalyticsFunnelResponse['daily'][number];

const COLUMNS: readonly AnalyticsColumn<Day>[] = [
  dayColumn(),
  countColumn('Calculator opened', (row) => row.views),
  countColumn('Quotes requested', (row) => row.quotes),
];

/** Views and quote requests per day: a line chart, and the same days as a table on request. */
export function TrendSection({ data }: { data: AnalyticsFunnelResponse }) {
  const views = data.daily.reduce((sum, day) => sum + day.views, 0);
  const quotes = data.daily.reduce((sum, day) => sum + day.quotes, 0);
  const busiest = data.daily.reduce<Day | null>(
    (best, day) => (best === null || day.views > best.views ? day : best),
    null,
  );
  // About eight labels whatever the range's length.
  const every = Math.max(1, Math.ceil(data.daily.length / 8));
  return (
    <Card component="section" aria-labelledby="analytics-trend-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="analytics-trend-title" component="h2" variant="h6">
          Views and quotes over time
        </Typography>
        <Box component="figure" aria-labelledby="analytics-trend-chart" sx={{ m: 0, minWidth: 0 }}>
          <Box id="analytics-trend-chart" component="figcaption" sx={visuallyHidden}>
            {`${formatCount(views)} calculator views and ${formatCount(quotes)} quote requests ` +
              `from ${formatRange(data.from, data.to)}` +
              (busiest && busiest.views > 0
                ? `; the busiest day was ${formatDay(busiest.day)} with ${formatCount(busiest.views)} views.`
                : '.')}
          </Box>
          <LineChart
            height={260}
            xAxis={[
              {
                scaleType: 'point',
                data: data.daily.map((day) => formatAxisDay(day.day)),
                tickLabelInterval: (_, index) => index % every === 0,
              },
            ]}
            yAxis={[{ tickMinStep: 1, width: 40 }]}
            series={[
              {
                data: data.daily.map((day) => day.views),
                label: 'Calculator opened',
                showMark: false,
                // Straight segments: a smoothed curve would dip below zero between days.
                curve: 'linear',
                color: BRAND_GREEN,
              },
              {
                data: data.daily.map((day) => day.quotes),
                label: 'Quotes requested',
                showMark: false,
                curve: 'linear',
                color: '#0369a1',
              },
            ]}
          />
        </Box>
        <AnalyticsTable
          caption="Views and quotes by day"
          description={formatRange(data.from, data.to)}
          columns={COLUMNS}
          rows={data.daily}
          rowKey={(row) => row.day}
          filename={`rafter-daily-${data.from}-to-${data.to}`}
          collapsible
        />
      </CardContent>
    </Card>
  );
}
