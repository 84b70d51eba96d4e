import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  BREAKDOWN_DIMENSIONS,
  conversionRate,
  type AnalyticsFunnelResponse,
  type BreakdownDimension,
  type BreakdownRow,
} from '@rafter/domain/analytics';
import { materialLabel } from '@rafter/domain/materials';
import { lowestPlanWithFeature } from '@rafter/domain/plans';
import { formatRange } from '../utils/date-range';
import { formatPercent } from '../utils/figures';
import { AnalyticsTable, countColumn, type AnalyticsColumn } from './AnalyticsTable';
import { PlanCard } from './PlanCard';

const SOURCE_LABELS: Readonly<Record<string, string>> = {
  widget: 'Website widget',
  embed: 'Embed',
  share_page: 'Share page',
};

const DEVICE_LABELS: Readonly<Record<string, string>> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
};

/** A breakdown row's name as the table shows it. */
export function breakdownLabel(dimension: BreakdownDimension, key: string): string {
  if (dimension === 'source') return SOURCE_LABELS[key] ?? key;
  if (dimension === 'device') return DEVICE_LABELS[key] ?? key;
  if (dimension === 'material') return materialLabel(key);
  if (dimension === 'zip') return key;
  return key === '' ? '(no campaign)' : key;
}

const TITLES: Readonly<Record<BreakdownDimension, { caption: string; first: string }>> = {
  source: { caption: 'By source', first: 'Source' },
  campaign: { caption: 'By campaign', first: 'Campaign' },
  device: { caption: 'By device', first: 'Device' },
  material: { caption: 'By roof material', first: 'Material' },
  zip: { caption: 'By zip code', first: 'Zip code' },
};

/** Material and zip code count only the visits that chose one or had their address measured. */
const EMPTY_TEXTS: Partial<Readonly<Record<BreakdownDimension, string>>> = {
  material: 'No visitor chose a material in this range yet.',
  zip: 'No visitor had an address measured in this range yet.',
};

function columns(dimension: BreakdownDimension): AnalyticsColumn<BreakdownRow>[] {
  return [
    { header: TITLES[dimension].first, value: (row) => breakdownLabel(dimension, row.key) },
    ...(dimension === 'source'
      ? [{ header: 'Website', value: (row: BreakdownRow) => row.origin ?? '' }]
      : []),
    countColumn('Opened', (row) => row.views),
    countColumn('Started', (row) => row.starts),
    countColumn('Saw estimate', (row) => row.estimates),
    countColumn('Requested quote', (row) => row.quotes),
    countColumn('Booked', (row) => row.booked),
    countColumn('Won', (row) => row.won),
    {
      header: 'Quote rate (%)',
      value: (row) => conversionRate(row.quotes, row.views),
      display: (row) => formatPercent(conversionRate(row.quotes, row.views)),
      numeric: true,
    },
  ];
}

function rowKey(row: BreakdownRow): string {
  return `${row.key}\u0000${row.origin ?? ''}`;
}

export interface BreakdownSectionProps {
  data: AnalyticsFunnelResponse;
  /** The Subscription tab, where the contractor upgrades. */
  upgradeTo: string;
}

/**
 * The funnel by source, campaign, device, roof material and zip code (Smart and up); below
 * Smart, what they would add.
 */
export function BreakdownSection({ data, upgradeTo }: BreakdownSectionProps) {
  const { breakdowns } = data;
  if (breakdowns === null) return <BreakdownUpgrade upgradeTo={upgradeTo} />;
  const range = formatRange(data.from, data.to);
  return (
    <Card component="section" aria-labelledby="analytics-breakdowns-title">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Box>
          <Typography id="analytics-breakdowns-title" component="h2" variant="h6">
            Where your visits come from
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Which sites, campaigns and devices bring the homeowners who ask for a quote and the jobs
            you win, and which roofs and neighborhoods they ask about. Won counts the leads of this
            range you marked Converted, under the visit that asked for them.
          </Typography>
        </Box>
        {BREAKDOWN_DIMENSIONS.map((dimension) => (
          <AnalyticsTable
            key={dimension}
            caption={TITLES[dimension].caption}
            description={range}
            columns={columns(dimension)}
            rows={breakdowns[dimension]}
            rowKey={rowKey}
            filename={`rafter-by-${dimension}-${data.from}-to-${data.to}`}
            emptyText={EMPTY_TEXTS[dimension]}
          />
        ))}
      </CardContent>
    </Card>
  );
}

function BreakdownUpgrade({ upgradeTo }: { upgradeTo: string }) {
  const plan = lowestPlanWithFeature('analyticsBreakdowns');
  return (
    <PlanCard
      id="analytics-upgrade-title"
      title={`Breakdowns and estimate accuracy come with the ${plan.name} plan`}
      action={`Upgrade to ${plan.name}`}
      to={upgradeTo}
    >
      See which websites, campaigns and devices bring the homeowners who ask for a quote, which
      roofs and zip codes they ask about, and how close your estimates are to the prices you sell
      at. Available on the {plan.name} plan and up.
    </PlanCard>
  );
}
