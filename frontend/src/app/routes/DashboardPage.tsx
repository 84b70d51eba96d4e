import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_FALLBACKS } from '@rafter/domain/auth-session';
import { canUseFeature, PLANS, type Feature } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useMe } from '../../features/auth/api/me';
import { useSignOut } from '../../features/auth/api/sign-out';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { useAuth } from '../../features/auth/session/auth-context';
import { DashboardHeader } from '../../features/dashboard/components/DashboardHeader';
import { DashboardNav } from '../../features/dashboard/components/DashboardNav';
import { DashboardTab } from '../../features/dashboard/components/DashboardTab';
import {
  dashboardTabPath,
  parseDashboardTab,
} from '../../features/dashboard/components/dashboard-tabs';
import { useSubscription } from '../../features/subscription/api/get-subscription';
import { UpgradeRequiredDialog } from '../../features/subscription/components/UpgradeRequiredDialog';
import { useLeadRealtime } from '../../features/leads/hooks/use-lead-realtime';
import { BOTTOM_BAR_HEIGHT_PX, PHONE_MEDIA } from '../../theme/layout';
import { useDocumentTitle } from '../../lib/use-document-title';

// Tabs other than the first load when opened.
const LeadsTab = lazy(() =>
  import('../../features/leads/components/LeadsTab').then((module) => ({
    default: module.LeadsTab,
  })),
);
const AnalyticsTab = lazy(() =>
  import('../../features/analytics/components/AnalyticsTab').then((module) => ({
    default: module.AnalyticsTab,
  })),
);
const CalculatorTab = lazy(() =>
  import('../../features/calculator-settings/components/CalculatorTab').then((module) => ({
    default: module.CalculatorTab,
  })),
);
const ProfileTab = lazy(() =>
  import('../../features/profile/components/ProfileTab').then((module) => ({
    default: module.ProfileTab,
  })),
);
const TextSettingsCard = lazy(() =>
  import('../../features/texts/components/TextSettingsCard').then((module) => ({
    default: module.TextSettingsCard,
  })),
);
const FollowupsSection = lazy(() =>
  import('../../features/followups/components/FollowupsSection').then((module) => ({
    default: module.FollowupsSection,
  })),
);
const IntegrationsTab = lazy(() =>
  import('../../features/integrations/components/IntegrationsTab').then((module) => ({
    default: module.IntegrationsTab,
  })),
);
const CalendarTab = lazy(() =>
  import('../../features/calendar/components/CalendarTab').then((module) => ({
    default: module.CalendarTab,
  })),
);
const FollowUpsTab = lazy(() =>
  import('../../features/follow-ups/components/FollowUpsTab').then((module) => ({
    default: module.FollowUpsTab,
  })),
);
const SubscriptionTab = lazy(
  () => import('../../features/subscription/components/SubscriptionTab'),
);

function TabLoading() {
  return <LinearProgress aria-label="Loading" sx={{ borderRadius: 1 }} />;
}

function Dashboard() {
  const { user: sessionUser, session } = useAuth();
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [signOutFailed, setSignOutFailed] = useState(false);
  const tab = parseDashboardTab(searchParams.get('tab'));
  const user = me.data ?? sessionUser;
  const subscription = useSubscription();
  const activePlanName = subscription.isError
    ? null
    : subscription.data &&
      (subscription.data.active && subscription.data.plan
        ? PLANS[subscription.data.plan].name
        : null);
  const [lockedFeature, setLockedFeature] = useState<Feature | null>(null);
  // The same gating rule the API enforces; nothing unlocks while the plan is unknown.
  const allows = (feature: Feature) =>
    subscription.data !== undefined && canUseFeature(subscription.data, feature, new Date());
  // A gated section's state: unknown while the plan loads; a plan that cannot be read locks.
  const access = (feature: Feature) =>
    subscription.data === undefined
      ? subscription.isError
        ? 'locked'
        : 'loading'
      : allows(feature)
        ? 'allowed'
        : 'locked';
  const live = useLeadRealtime(sessionUser?.id ?? null, session?.accessToken ?? null);
  const main = useRef<HTMLElement>(null);
  const shownTab = useRef(tab);

  // After a tab switch, focus goes to the new content, as after a page change.
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    main.current?.focus();
  }, [tab]);

  if (!user) return null;

  const handleSignOut = () => {
    setSignOutFailed(false);
    signOut.mutate(undefined, {
      onSuccess: () => void navigate(APP_ROUTES.home, { replace: true }),
      onError: () => setSignOutFailed(true),
    });
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f8fafc' }}>
      <DashboardHeader
        user={user}
        onSignOut={handleSignOut}
        signingOut={signOut.isPending}
        live={live}
      />
      <Box sx={{ display: 'flex', alignItems: 'stretch', minHeight: 'calc(100vh - 68px)' }}>
        <DashboardNav active={tab} />
        <Box
          component="main"
          ref={main}
          tabIndex={-1}
          sx={{
            flex: 1,
            minWidth: 0,
            outline: 'none',
            [PHONE_MEDIA]: { pb: `${BOTTOM_BAR_HEIGHT_PX + 16}px` },
          }}
        >
          <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
            <Suspense fallback={<TabLoading />}>
              {tab === 'dashboard' && (
                <DashboardTab
                  user={user}
                  leadsTo={dashboardTabPath('leads')}
                  choosePlanTo={dashboardTabPath('subscription')}
                  activePlanName={activePlanName}
                />
              )}
              {tab === 'leads' && <LeadsTab upgradeTo={dashboardTabPath('subscription')} />}
              {tab === 'analytics' && (
                <AnalyticsTab
                  access={access('analytics')}
                  upgradeTo={dashboardTabPath('subscription')}
                  calculatorTo={dashboardTabPath('calculator')}
                />
              )}
              {tab === 'calculator' && (
                <CalculatorTab
                  ownerId={user.id}
                  active={subscription.data?.active ?? false}
                  access={{
                    embed: allows('embed'),
                    preview: allows('preview'),
                    autosave: allows('autosave'),
                    shareLink: allows('shareLink'),
                    customColors: allows('customColors'),
                    customPricing: allows('customPricing'),
                  }}
                  onLocked={setLockedFeature}
                />
              )}
              {tab === 'profile' && (
                <>
                  <ProfileTab
                    logoLocked={!allows('logo')}
                    remindersLocked={!allows('followups')}
                    onLogoLocked={() => setLockedFeature('logo')}
                  />
                  <FollowupsSection
                    access={access('followups')}
                    upgradeTo={dashboardTabPath('subscription')}
                  />
                  <TextSettingsCard
                    locked={!allows('followups')}
                    onLocked={() => setLockedFeature('followups')}
                  />
                </>
              )}
              {tab === 'followups' && (
                <FollowUpsTab
                  access={
                    subscription.data === undefined
                      ? subscription.isError
                        ? 'locked'
                        : 'loading'
                      : allows('followups')
                        ? 'allowed'
                        : 'locked'
                  }
                  upgradeTo={dashboardTabPath('subscription')}
                />
              )}
              {tab === 'calendar' && (
                <CalendarTab
                  access={access('calendar')}
                  upgradeTo={dashboardTabPath('subscription')}
                />
              )}
              {tab === 'integrations' && (
                <IntegrationsTab
                  access={access('api')}
                  upgradeTo={dashboardTabPath('subscription')}
                />
              )}
              {tab === 'subscription' && <SubscriptionTab />}
            </Suspense>
          </Container>
        </Box>
      </Box>
      {lockedFeature && (
        <UpgradeRequiredDialog
          feature={lockedFeature}
          open
          onClose={() => setLockedFeature(null)}
        />
      )}
      <Snackbar
        open={signOutFailed}
        autoHideDuration={6000}
        onClose={() => setSignOutFailed(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ [PHONE_MEDIA]: { bottom: BOTTOM_BAR_HEIGHT_PX + 16 } }}
      >
        <Alert severity="error" variant="filled" onClose={() => setSignOutFailed(false)}>
          {AUTH_FALLBACKS.signOut}
        </Alert>
      </Snackbar>
    </Box>
  );
}

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <RequireAuth>
      <Dashboard />
    </RequireAuth>
  );
}
