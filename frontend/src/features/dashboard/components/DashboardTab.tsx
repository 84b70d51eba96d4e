import { lazy, Suspense, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { AuthUser } from '@rafter/domain/auth-session';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { MetricCards } from './MetricCards';
import { RecentLeads } from './RecentLeads';
import { WelcomeBanner } from './WelcomeBanner';

// The chart library is large: it loads after the numbers, in a chunk of its own.
const LeadCharts = lazy(() => import('./LeadCharts'));

function ChartsLoading() {
  return (
    <Box
      aria-hidden
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}
    >
      <Skeleton variant="rounded" height={312} />
      <Skeleton variant="rounded" height={312} />
    </Box>
  );
}

interface DashboardTabProps {
  user: AuthUser;
  /** The Leads tab, for 'View all leads'. */
  leadsTo: string;
  /** The Subscription tab. */
  choosePlanTo: string;
  /** The active plan's name, null without one, undefined while loading. */
  activePlanName: string | null | undefined;
}

/** Welcome banner, the four metric cards, the two charts and the 5 most recent leads. */
export function DashboardTab({ user, leadsTo, choosePlanTo, activePlanName }: DashboardTabProps) {
  const metrics = useDashboardMetrics();
  // A failed background refresh keeps showing the numbers it has.
  const failed = metrics.isError && metrics.data === undefined;

  // Load failures are only logged (spec section 8); the tab offers a quiet retry.
  useEffect(() => {
    if (metrics.error) console.error('Failed to load dashboard metrics', metrics.error);
  }, [metrics.error]);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <WelcomeBanner
        user={user}
        activePlanName={activePlanName}
        choosePlanTo={choosePlanTo}
        leadsTo={leadsTo}
      />
      {failed && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void metrics.refetch()}>
              Retry
            </Button>
          }
        >
          Your lead numbers did not load.
        </Alert>
      )}
      {!failed && (
        <>
          <MetricCards metrics={metrics.data} />
          {metrics.data ? (
            <Suspense fallback={<ChartsLoading />}>
              <LeadCharts
                leadsOverTime={metrics.data.leadsOverTime}
                pipeline={metrics.data.pipeline}
              />
            </Suspense>
          ) : (
            <ChartsLoading />
          )}
          <RecentLeads leads={metrics.data?.recentLeads} allLeadsTo={leadsTo} />
        </>
      )}
    </Box>
  );
}
