import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AppTheme } from '../components/AppTheme';

/**
 * What another site's frame shows instead of an app page. The server forbids framing every page
 * but /widget and /calc/:slug; this also covers a page reached inside such a frame without a
 * request (a link followed by the router), and a frame ban a proxy dropped on the way. Rarely
 * shown, so loaded on demand (a default export for React.lazy), with the app's theme.
 */
export default function ForeignFrameRefusal() {
  return (
    <AppTheme>
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          gap: 2,
          p: 3,
        }}
      >
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          This page opens in its own tab
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 420 }}>
          For your security, Rafter shows this page only on its own site, not inside another one.
        </Typography>
        <Button
          variant="contained"
          href={window.location.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open Rafter in a new tab
        </Button>
      </Box>
    </AppTheme>
  );
}
