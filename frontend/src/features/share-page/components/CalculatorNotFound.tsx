import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { APP_ROUTES } from '@rafter/domain/routes';
import { AppTheme } from '../../../components/AppTheme';

interface CalculatorNotFoundProps {
  /** 'Invalid link', 'Calculator link not found or inactive' or 'Failed to load calculator'. */
  message: string;
  /** Offered when loading failed for a reason other than a missing link. */
  onRetry?: () => void;
}

/**
 * The share page's not-found and error state. Loaded only when needed, with MUI's theme: the
 * share page itself is drawn without MUI. A default export for React.lazy.
 */
export default function CalculatorNotFound({ message, onRetry }: CalculatorNotFoundProps) {
  return (
    <AppTheme>
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: 6,
          bgcolor: 'grey.50',
        }}
      >
        <Box sx={{ maxWidth: 480, textAlign: 'center' }}>
          <SearchOffRoundedIcon aria-hidden sx={{ fontSize: 64, color: 'grey.400' }} />
          <Typography variant="h1" sx={{ mt: 2, fontSize: { xs: '1.875rem', sm: '2.25rem' } }}>
            Calculator Not Found
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1.5 }} role="alert">
            {message}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 4, justifyContent: 'center' }}
          >
            {onRetry && (
              <Button variant="outlined" size="large" onClick={onRetry}>
                Try again
              </Button>
            )}
            <Button
              href={APP_ROUTES.home}
              variant="contained"
              size="large"
              startIcon={<HomeRoundedIcon />}
            >
              Go to home page
            </Button>
          </Stack>
        </Box>
      </Box>
    </AppTheme>
  );
}
