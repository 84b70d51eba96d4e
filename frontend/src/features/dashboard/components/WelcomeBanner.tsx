import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { displayName, type AuthUser } from '@rafter/domain/auth-session';

export interface WelcomeBannerProps {
  user: AuthUser;
  /** The active plan's name, null without an active plan, undefined while it is loading. */
  activePlanName: string | null | undefined;
  /** The Subscription tab, for contractors without a plan. */
  choosePlanTo: string;
  /** The Leads tab. */
  leadsTo: string;
}

/** The dashboard's opening: who is signed in and the one thing to do next. */
export function WelcomeBanner({ user, activePlanName, choosePlanTo, leadsTo }: WelcomeBannerProps) {
  const firstName = displayName(user).split(/\s+/)[0];
  const next =
    activePlanName === undefined
      ? null
      : activePlanName === null
        ? {
            text: 'Next, choose a plan: it turns on the estimate calculator for your website, and every homeowner who uses it arrives here as a scored lead.',
            label: 'Choose a plan',
            to: choosePlanTo,
          }
        : {
            text: `Your ${activePlanName} plan is active. Every homeowner who asks for a quote through your calculator arrives here as a scored lead, live.`,
            label: 'Work your leads',
            to: leadsTo,
          };

  return (
    <Box
      component="section"
      aria-labelledby="welcome-title"
      sx={{
        borderRadius: 4,
        px: { xs: 3, sm: 5 },
        py: { xs: 4, sm: 5 },
        color: 'common.white',
        background: 'linear-gradient(135deg, #14532d 0%, #166534 55%, #15803d 100%)',
      }}
    >
      <Typography
        id="welcome-title"
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}
      >
        Welcome, {firstName}!
      </Typography>
      <Typography sx={{ mt: 1.5, maxWidth: 620, color: '#dcfce7' }}>
        You are signed in as {user.email}.{next && ` ${next.text}`}
      </Typography>
      {next && (
        <Button
          component={Link}
          to={next.to}
          variant="contained"
          size="large"
          sx={{
            mt: 3,
            bgcolor: 'common.white',
            color: '#14532d',
            '&:hover': { bgcolor: '#f0fdf4' },
          }}
        >
          {next.label}
        </Button>
      )}
    </Box>
  );
}
