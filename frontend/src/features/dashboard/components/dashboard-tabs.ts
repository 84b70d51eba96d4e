import { APP_ROUTES } from '@rafter/domain/routes';

/** The dashboard's tabs, in navigation order. */
export const DASHBOARD_TABS = [
  'dashboard',
  'leads',
  'analytics',
  'calculator',
  'profile',
  'followups',
  'calendar',
  'integrations',
  'subscription',
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Readonly<Record<DashboardTab, string>> = {
  dashboard: 'Dashboard',
  leads: 'Leads',
  analytics: 'Analytics',
  calculator: 'Calculator',
  profile: 'Business Profile',
  followups: 'Follow-ups',
  calendar: 'Calendar',
  integrations: 'Integrations',
  subscription: 'Subscription',
};

export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'dashboard';

/** The `?tab=` value as a tab; a missing or unknown one is the Dashboard tab. */
export function parseDashboardTab(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly (string | null)[]).includes(value)
    ? (value as DashboardTab)
    : DEFAULT_DASHBOARD_TAB;
}

/** The tab's address; the default tab is plain /dashboard. */
export function dashboardTabPath(tab: DashboardTab): string {
  return tab === DEFAULT_DASHBOARD_TAB
    ? APP_ROUTES.dashboard
    : `${APP_ROUTES.dashboard}?tab=${tab}`;
}
