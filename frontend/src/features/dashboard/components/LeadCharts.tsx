import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DashboardMetrics } from '@rafter/domain/crm';
import { LEAD_STATUS_COLORS, LEAD_STATUS_LABELS } from '@rafter/domain/lead';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BRAND_GREEN } from '../../../theme/palette';
import { tintText } from '../../../theme/lead-colors';

const CHART_HEIGHT = 240;
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function ChartCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="figure" aria-labelledby={id} sx={{ m: 0, minWidth: 0 }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6">
          {title}
        </Typography>
        {/* The chart's numbers in words, for screen readers; keyboards can step through it. */}
        <Box component="figcaption" sx={visuallyHidden}>
          {summary}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

type ChartsProps = Pick<DashboardMetrics, 'leadsOverTime' | 'pipeline'>;

/** Leads per day over the last 30 days, and how many leads sit in each status. */
export default function LeadCharts({ leadsOverTime, pipeline }: ChartsProps) {
  const days = leadsOverTime.map((day) => dayFormat.format(new Date(`${day.date}T00:00:00Z`)));
  const total = leadsOverTime.reduce((sum, day) => sum + day.count, 0);
  const statuses = pipeline.map((entry) => LEAD_STATUS_LABELS[entry.status]);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      <ChartCard
        id="leads-over-time-title"
        title="Leads over time"
        summary={`${total} leads in the last ${leadsOverTime.length} days.`}
      >
        <LineChart
          height={CHART_HEIGHT}
          hideLegend
          xAxis={[
            { scaleType: 'point', data: days, tickLabelInterval: (_, index) => index % 7 === 0 },
          ]}
          yAxis={[{ tickMinStep: 1, width: 32 }]}
          series={[
            {
              data: leadsOverTime.map((day) => day.count),
              label: 'Leads',
              area: true,
              showMark: false,
              // Straight segments: a smoothed curve would dip below zero between days.
              curve: 'linear',
              color: BRAND_GREEN,
            },
          ]}
        />
      </ChartCard>
      <ChartCard
        id="pipeline-title"
        title="Pipeline by status"
        summary={pipeline
          .map((entry) => `${LEAD_STATUS_LABELS[entry.status]}: ${entry.count}`)
          .join(', ')}
      >
        <BarChart
          height={CHART_HEIGHT}
          hideLegend
          xAxis={[
            {
              scaleType: 'band',
              data: statuses,
              colorMap: {
                type: 'ordinal',
                values: statuses,
                colors: pipeline.map((entry) => tintText(LEAD_STATUS_COLORS[entry.status])),
              },
            },
          ]}
          yAxis={[{ tickMinStep: 1, width: 32 }]}
          series={[{ data: pipeline.map((entry) => entry.count), label: 'Leads' }]}
        />
      </ChartCard>
    </Box>
  );
}
