import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import { BrandLogo } from '../../components/BrandLogo';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <BrandLogo />
      </Box>
      <Container
        component="main"
        maxWidth="sm"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          py: 8,
        }}
      >
        <Typography
          aria-hidden
          sx={{ fontSize: { xs: '5rem', sm: '7rem' }, fontWeight: 800, lineHeight: 1 }}
          color="primary"
        >
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 2 }}>
          Page not found
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 2, mb: 4 }}>
          We could not find the page you were looking for. It may have moved, or the link may be
          mistyped.
        </Typography>
        <Button
          component={RouterLink}
          to={APP_ROUTES.home}
          variant="contained"
          size="large"
          startIcon={<HomeRoundedIcon />}
        >
          Back to home
        </Button>
      </Container>
    </Box>
  );
}
