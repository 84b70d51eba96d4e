import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import CalculateRoundedIcon from '@mui/icons-material/CalculateRounded';
import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import HubRoundedIcon from '@mui/icons-material/HubRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import { Link } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BOTTOM_BAR_HEIGHT_PX, PHONE_MEDIA, WIDE_MEDIA } from '../../../theme/layout';
import {
  DASHBOARD_TAB_LABELS,
  DASHBOARD_TABS,
  dashboardTabPath,
  type DashboardTab,
} from './dashboard-tabs';

const ICONS: Readonly<Record<DashboardTab, ReactElement>> = {
  dashboard: <SpaceDashboardRoundedIcon />,
  leads: <PeopleAltRoundedIcon />,
  analytics: <InsightsRoundedIcon />,
  calculator: <CalculateRoundedIcon />,
  profile: <BusinessRoundedIcon />,
  followups: <ForumRoundedIcon />,
  calendar: <EventAvailableRoundedIcon />,
  integrations: <HubRoundedIcon />,
  subscription: <CreditCardRoundedIcon />,
};

const SIDEBAR_WIDTH = 232;

interface DashboardNavProps {
  active: DashboardTab;
}

function NavLink({
  tab,
  active,
  compact,
}: {
  tab: DashboardTab;
  active: boolean;
  compact: boolean;
}) {
  return (
    <Box
      component={Link}
      to={dashboardTabPath(tab)}
      aria-current={active ? 'page' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        textDecoration: 'none',
        fontWeight: 600,
        borderRadius: 2,
        color: active ? '#14532d' : 'text.secondary',
        bgcolor: active ? '#dcfce7' : 'transparent',
        '&:hover': { bgcolor: active ? '#dcfce7' : 'grey.100' },
        '&:focus-visible': {
          outline: '3px solid',
          outlineColor: 'primary.light',
          outlineOffset: 2,
        },
        ...(compact
          ? {
              flex: 1,
              flexDirection: 'column',
              justifyContent: 'center',
              gap: 0.25,
              fontSize: '0.75rem',
              lineHeight: 1.15,
              textAlign: 'center',
              overflowWrap: 'anywhere',
              minWidth: 0,
              minHeight: 52,
            }
          : { gap: 1.5, px: 1.75, py: 1.25 }),
      }}
    >
      {ICONS[tab]}
      {/* Nine tabs share a phone's width: the bar shows the current tab's label, the others keep
          theirs for screen readers (and as each link's name) beside their icon. */}
      <Typography component="span" sx={compact && !active ? visuallyHidden : { font: 'inherit' }}>
        {DASHBOARD_TAB_LABELS[tab]}
      </Typography>
    </Box>
  );
}

/**
 * The dashboard's sections: a permanent sidebar from 768 px up, a bottom bar below (spec
 * section 2). Both are in the page; CSS shows the one that fits, so nothing jumps on load.
 */
export function DashboardNav({ active }: DashboardNavProps) {
  return (
    <>
      <Box
        component="nav"
        aria-label="Dashboard"
        sx={{
          [PHONE_MEDIA]: { display: 'none' },
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 1.5,
            display: 'grid',
            gap: 0.5,
            position: 'sticky',
            top: 68,
          }}
        >
          {DASHBOARD_TABS.map((tab) => (
            <li key={tab}>
              <NavLink tab={tab} active={tab === active} compact={false} />
            </li>
          ))}
        </Box>
      </Box>
      <Box
        component="nav"
        aria-label="Dashboard"
        sx={{
          [WIDE_MEDIA]: { display: 'none' },
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 'appBar',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            px: 0.5,
            py: 0.5,
            display: 'flex',
            gap: 0.25,
            height: BOTTOM_BAR_HEIGHT_PX,
          }}
        >
          {DASHBOARD_TABS.map((tab) => (
            <Box
              component="li"
              key={tab}
              // At 375 px the current tab gets about 84 px, room for 'Subscription' in one line,
              // and each other one about 33 px, still well over a 24 px touch target.
              sx={{ flex: tab === active ? '2.5 1 0' : '1 1 0', minWidth: 0, display: 'flex' }}
            >
              <NavLink tab={tab} active={tab === active} compact />
            </Box>
          ))}
        </Box>
      </Box>
    </>
  );
}
