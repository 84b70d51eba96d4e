import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BRAND_GREEN } from '../../../theme/palette';
import {
  formatChange,
  formatCount,
  formatPercent,
  funnelFigures,
  type FunnelFigure,
} from '../utils/figures';
import { formatRange } from '../utils/date-range';
import { AnalyticsTable, type AnalyticsColumn } from './AnalyticsTable';

const ROW_HEIGHT = 34;

const COLUMNS: readonly AnalyticsColumn<FunnelFigure>[] = [
  { header: 'Step', value: (row) => row.label },
  {
    header: 'Visits',
    value: (row) => row.count,
    display: (row) => formatCount(row.count),
    numeric: true,
  },
  {
    header: 'From first step (%)',
    value: (row) => row.fromFirst,
    display: (row) => formatPercent(row.fromFirst),
    numeric: true,
  },
  {
    header: 'Drop-off from step before (%)',
    value: (row) => row.dropOff,
    display: (row) => formatPercent(row.dropOff),
    numeric: true,
  },
  {
    header: 'Previous period',
    value: (row) => row.previous,
    display: (row) => formatCount(row.previous),
    numeric: true,
  },
  {
    header: 'Change (%)',
    value: (row) => row.change,
    display: (row) => formatChange(row.count, row.previous),
    numeric: true,
  },
];

/** The funnel from opening the calculator to a won job: a bar chart and the same figures as a table. */
export function FunnelSection({ data }: { data: AnalyticsFunnelResponse }) {
  const figures = funnelFigures(data.funnel);
  const previousRange = formatRange(data.previousFrom, data.previousTo);
  return (
    <Card component="section" aria-labelledby="analytics-funnel-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography id="analytics-funnel-title" component="h2" variant="h6">
            Funnel
          </Typography>
          <Typography variant="body2" color="text.secondary">
            How far homeowners got in your calculator, and how many became jobs you won.
          </Typography>
        </Box>
        <Box component="figure" aria-labelledby="analytics-funnel-chart" sx={{ m: 0, minWidth: 0 }}>
          <Box id="analytics-funnel-chart" component="figcaption" sx={visuallyHidden}>
            Funnel chart, this period against the previous one ({previousRange}). The table below
            holds the same figures.
          </Box>
          <BarChart
            layout="horizontal"
            height={figures.length * ROW_HEIGHT + 80}
            yAxis={[{ scaleType: 'band', data: figures.map((row) => row.label), width: 150 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[
              {
                data: figures.map((row) => row.count),
                label: 'This period',
                color: BRAND_GREEN,
              },
              {
                data: figures.map((row) => row.previous),
                label: `Previous period`,
                color: '#94a3b8',
              },
            ]}
          />
        </Box>
        <AnalyticsTable
          caption="Funnel by step"
          description={`${formatRange(data.from, data.to)}; previous period ${previousRange}.`}
          columns={COLUMNS}
          rows={figures}
          rowKey={(row) => row.step}
          filename={`rafter-funnel-${data.from}-to-${data.to}`}
        />
      </CardContent>
    </Card>
  );
}
