import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import type { AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import { FEATURES, lowestPlanWithFeature } from '@rafter/domain/plans';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useAnalyticsFunnel } from '../api/get-analytics-funnel';
import { useAnalyticsRange } from '../hooks/use-analytics-range';
import { formatRange } from '../utils/date-range';
import { BreakdownSection } from './BreakdownSection';
import { EstimateAccuracy } from './EstimateAccuracy';
import { FunnelSection } from './FunnelSection';
import { LeadTrendsSection } from './LeadTrendsSection';
import { PlanCard } from './PlanCard';
import { RangeControls } from './RangeControls';
import { TrendSection } from './TrendSection';

export interface AnalyticsTabProps {
  /** Whether the plan includes analytics: unknown while the subscription loads. */
  access: 'loading' | 'allowed' | 'locked';
  /** The Subscription tab, where the contractor subscribes or upgrades. */
  upgradeTo: string;
  /** The Calculator tab, with the embed code and the share link. */
  calculatorTo: string;
}

const updatedFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function PlanNotice({ upgradeTo }: { upgradeTo: string }) {
  const plan = lowestPlanWithFeature('analytics');
  return (
    <PlanCard
      id="analytics-plan-title"
      title={`${FEATURES.analytics.label} comes with every plan`}
      action="Choose a plan"
      to={upgradeTo}
    >
      See how many homeowners open your calculator, where they stop, and how many ask for a quote,
      book an inspection and become jobs you win. Included from the {plan.name} plan.
    </PlanCard>
  );
}

function EmptyState({ range, calculatorTo }: { range: string; calculatorTo: string }) {
  return (
    <Card component="section" aria-labelledby="analytics-empty-title">
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <InsightsRoundedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography id="analytics-empty-title" component="h2" variant="h6" sx={{ mt: 1 }}>
          No calculator visits from {range}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          Once homeowners open your calculator, this tab shows how many started, where they stopped,
          and how many asked for a quote, booked an inspection and became jobs you won — and which
          websites and campaigns sent them. Put the embed code on your website, or share your
          calculator link in e-mails, ads and social posts; both are in the Calculator tab.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 2 }}>
          <Button component={RouterLink} to={calculatorTo} variant="contained">
            Get the embed code
          </Button>
          <Button component={RouterLink} to={calculatorTo} variant="outlined">
            Share your calculator link
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function Figures({
  data,
  upgradeTo,
  calculatorTo,
}: {
  data: AnalyticsFunnelResponse;
  upgradeTo: string;
  calculatorTo: string;
}) {
  const views = data.funnel.find((row) => row.step === 'view')?.count ?? 0;
  // Smart and up (breakdowns come with it); a job won by phone counts without calculator visits.
  const accuracy = data.breakdowns ? <EstimateAccuracy from={data.from} to={data.to} /> : null;
  // Leads come from every path too (the public API, a range before analytics began).
  const leads = <LeadTrendsSection from={data.from} to={data.to} />;
  if (views === 0) {
    return (
      <>
        <EmptyState range={formatRange(data.from, data.to)} calculatorTo={calculatorTo} />
        {leads}
        {accuracy}
      </>
    );
  }
  return (
    <>
      <FunnelSection data={data} />
      <TrendSection data={data} />
      {leads}
      <BreakdownSection data={data} upgradeTo={upgradeTo} />
      {accuracy}
    </>
  );
}

/**
 * The Analytics tab: the calculator's funnel for a range of days against the period before, views
 * and quotes per day, and (Smart and up) the funnel by source, campaign, device, roof material and
 * zip code and the estimates against the prices jobs sold for.
 */
export function AnalyticsTab({ access, upgradeTo, calculatorTo }: AnalyticsTabProps) {
  const range = useAnalyticsRange();
  const funnel = useAnalyticsFunnel(access === 'allowed' ? range.query : null);
  // The server's word wins over the plan as the page last read it (a plan that just ended).
  const forbidden = funnel.error instanceof ApiError && funnel.error.status === 403;
  const data = funnel.data;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Analytics
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            How homeowners use your calculator, from the first look to a won job.
          </Typography>
        </Box>
        {access === 'allowed' && !forbidden && <RangeControls range={range} />}
      </Box>
      {(access === 'loading' || (access === 'allowed' && funnel.isPending && range.query)) && (
        <LinearProgress aria-label="Loading" />
      )}
      {(access === 'locked' || forbidden) && <PlanNotice upgradeTo={upgradeTo} />}
      {access === 'allowed' && funnel.isError && !forbidden && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void funnel.refetch()}>
              Retry
            </Button>
          }
        >
          Your analytics did not load. {funnel.error.message}
        </Alert>
      )}
      {access === 'allowed' && data && !forbidden && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {formatRange(data.from, data.to)}, compared with{' '}
              {formatRange(data.previousFrom, data.previousTo)}.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data.updatedAt
                ? `Updated ${updatedFormat.format(new Date(data.updatedAt))}`
                : 'Figures update every minute'}
            </Typography>
          </Box>
          {funnel.isPlaceholderData && <LinearProgress aria-label="Loading the new range" />}
          <Figures data={data} upgradeTo={upgradeTo} calculatorTo={calculatorTo} />
        </>
      )}
    </Box>
  );
}
