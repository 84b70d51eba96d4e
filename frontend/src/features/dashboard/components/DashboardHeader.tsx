import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import { avatarInitial, displayName, type AuthUser } from '@rafter/domain/auth-session';
import { BrandLogo } from '../../../components/BrandLogo';
import { visuallyHidden } from '../../../components/visually-hidden';

interface DashboardHeaderProps {
  user: AuthUser;
  onSignOut: () => void;
  signingOut: boolean;
  /** Whether new leads and changes arrive without a reload right now. */
  live: boolean;
}

/** A dot and, from tablets up, a word: are lead updates arriving live? */
function LiveIndicator({ live }: { live: boolean }) {
  const text = live ? 'Live' : 'Offline';
  return (
    <Box
      title={
        live ? 'New leads appear as they arrive' : 'Reconnecting: new leads show after a reload'
      }
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        color: 'text.secondary',
        flexShrink: 0,
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: live ? 'primary.main' : 'grey.400',
        }}
      />
      {/* On phones the dot alone shows; the word stays for assistive tech. */}
      <Typography
        variant="body2"
        sx={(theme) => ({ fontWeight: 600, [theme.breakpoints.down('sm')]: visuallyHidden })}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** The contractor's name (else their e-mail's local part, else 'User'), avatar and sign-out. */
export function DashboardHeader({ user, onSignOut, signingOut, live }: DashboardHeaderProps) {
  const name = displayName(user);

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, sm: 68 } }}>
        <BrandLogo />
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
          <LiveIndicator live={live} />
          <Avatar
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              bgcolor: 'primary.dark',
              fontWeight: 700,
              fontSize: '1rem',
            }}
          >
            {avatarInitial(user)}
          </Avatar>
          <Typography noWrap sx={{ fontWeight: 600, maxWidth: { xs: 120, sm: 240 } }} title={name}>
            {name}
          </Typography>
        </Box>
        {/* On phones the icon alone, so the name keeps its room; the label stays for assistive tech. */}
        <Button
          color="inherit"
          onClick={onSignOut}
          loading={signingOut}
          aria-label="Sign Out"
          startIcon={<LogoutRoundedIcon />}
          sx={{
            flexShrink: 0,
            color: 'text.secondary',
            minWidth: 0,
            px: { xs: 1, sm: 2.25 },
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Sign Out
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
