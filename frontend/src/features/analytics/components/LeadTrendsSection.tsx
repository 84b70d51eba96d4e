import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatUsd } from '@rafter/domain/estimate';
import type { LeadTrends, LeadTrendsDay } from '@rafter/domain/lead-trends';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BRAND_GREEN } from '../../../theme/palette';
import { useLeadTrends } from '../api/get-lead-trends';
import { formatAxisDay, formatDay, formatRange } from '../utils/date-range';
import { formatChange, formatCount } from '../utils/figures';
import { AnalyticsTable, countColumn, dayColumn, type AnalyticsColumn } from './AnalyticsTable';

export interface LeadTrendsSectionProps {
  /** First day of the range, YYYY-MM-DD. */
  from: string;
  /** Last day of the range, YYYY-MM-DD. */
  to: string;
}

const TITLE_ID = 'analytics-leads-title';

const COLUMNS: readonly AnalyticsColumn<LeadTrendsDay>[] = [
  dayColumn(),
  countColumn('Leads', (row) => row.leads),
  {
    header: 'Pipeline value ($)',
    value: (row) => row.pipelineValue,
    display: (row) => formatUsd(row.pipelineValue),
    numeric: true,
  },
  countColumn('Won', (row) => row.won),
  {
    header: 'Won value ($)',
    value: (row) => row.wonValue,
    display: (row) => formatUsd(row.wonValue),
    numeric: true,
  },
  countColumn('Won with a sold price', (row) => row.wonWithSoldPrice),
];

function Section({ children }: { children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={TITLE_ID}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography id={TITLE_ID} component="h2" variant="h6">
            Leads and pipeline value
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Quote requests received each day and what their estimates are worth. Spam is left out;
            leads over your plan's monthly limit count.
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
    </Box>
  );
}

/** 'n of m from sold prices', or how won value is counted without any. */
function soldPriceNote(won: number, withSoldPrice: number): string {
  if (won === 0) return 'No won jobs yet';
  if (withSoldPrice === won) return 'All from sold prices';
  return `${formatCount(withSoldPrice)} of ${formatCount(won)} from sold prices, the rest at the estimate`;
}

function Totals({ data }: { data: LeadTrends }) {
  const { totals, previous } = data;
  const against = (count: number, before: number, format: (value: number) => string) =>
    `${formatChange(count, before)} (${format(before)} before)`;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
      }}
    >
      <Figure
        label="Leads"
        value={formatCount(totals.leads)}
        note={against(totals.leads, previous.leads, formatCount)}
      />
      <Figure
        label="Pipeline value"
        value={formatUsd(totals.pipelineValue)}
        note={against(totals.pipelineValue, previous.pipelineValue, formatUsd)}
      />
      <Figure
        label="Won"
        value={formatCount(totals.won)}
        note={against(totals.won, previous.won, formatCount)}
      />
      <Figure
        label="Won value"
        value={formatUsd(totals.wonValue)}
        note={soldPriceNote(totals.won, totals.wonWithSoldPrice)}
      />
    </Box>
  );
}

/**
 * Leads received per day and what they are worth (pipeline value: estimate averages of leads not
 * Lost; won value: sold prices where entered, else the estimate), against the period before: a
 * chart, and the same days as a table with its CSV.
 */
export function LeadTrendsSection({ from, to }: LeadTrendsSectionProps) {
  const trends = useLeadTrends({ from, to });

  if (trends.isPending) {
    return (
      <Section>
        <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
          <Skeleton width="40%" />
          <Skeleton variant="rectangular" height={120} />
        </Box>
      </Section>
    );
  }
  if (trends.isError) {
    return (
      <Section>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              aria-label="Retry leads and pipeline value"
              onClick={() => void trends.refetch()}
            >
              Retry
            </Button>
          }
        >
          Leads and pipeline value did not load. {trends.error.message}
        </Alert>
      </Section>
    );
  }

  const data = trends.data;
  const range = formatRange(data.from, data.to);
  if (data.totals.leads === 0 && data.previous.leads === 0) {
    return (
      <Section>
        <Typography color="text.secondary">
          No quote requests from {range}. Each one shows here with the value of its estimate.
        </Typography>
      </Section>
    );
  }
  const busiest = data.daily.reduce<LeadTrendsDay | null>(
    (best, day) => (best === null || day.leads > best.leads ? day : best),
    null,
  );
  // About eight labels whatever the range's length.
  const every = Math.max(1, Math.ceil(data.daily.length / 8));
  return (
    <Section>
      <Typography variant="body2" color="text.secondary">
        {range}, compared with {formatRange(data.previousFrom, data.previousTo)}.
      </Typography>
      <Totals data={data} />
      <Box component="figure" aria-labelledby="analytics-leads-chart" sx={{ m: 0, minWidth: 0 }}>
        <Box id="analytics-leads-chart" component="figcaption" sx={visuallyHidden}>
          {`${formatCount(data.totals.leads)} leads worth ${formatUsd(data.totals.pipelineValue)} ` +
            `in pipeline value from ${range}, ${formatCount(data.totals.won)} won for ` +
            `${formatUsd(data.totals.wonValue)}` +
            (busiest && busiest.leads > 0
              ? `; the busiest day was ${formatDay(busiest.day)} with ${formatCount(busiest.leads)} leads.`
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
          yAxis={[
            {
              id: 'value',
              position: 'left',
              width: 64,
              valueFormatter: (value: number) => formatUsd(value),
            },
            { id: 'leads', position: 'right', tickMinStep: 1, width: 40 },
          ]}
          series={[
            {
              data: data.daily.map((day) => day.pipelineValue),
              label: 'Pipeline value',
              yAxisId: 'value',
              valueFormatter: (value) => (value === null ? '' : formatUsd(value)),
              showMark: false,
              // Straight segments: a smoothed curve would dip below zero between days.
              curve: 'linear',
              color: BRAND_GREEN,
            },
            {
              data: data.daily.map((day) => day.wonValue),
              label: 'Won value',
              yAxisId: 'value',
              valueFormatter: (value) => (value === null ? '' : formatUsd(value)),
              showMark: false,
              curve: 'linear',
              color: '#b45309',
            },
            {
              data: data.daily.map((day) => day.leads),
              label: 'Leads',
              yAxisId: 'leads',
              showMark: false,
              curve: 'linear',
              color: '#0369a1',
            },
          ]}
        />
      </Box>
      <AnalyticsTable
        caption="Leads and pipeline value by day"
        description={`${range}. Won value: sold prices where entered, else the estimate.`}
        columns={COLUMNS}
        rows={data.daily}
        rowKey={(row) => row.day}
        filename={`rafter-leads-${data.from}-to-${data.to}`}
        collapsible
      />
    </Section>
  );
}
