import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import { CONTACT_EMAIL } from '../lib/contact';
import { BrandLogo } from './BrandLogo';

const footerLinkSx = { color: 'grey.300', '&:hover': { color: 'common.white' } } as const;

export function SiteFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={4}
          sx={{ justifyContent: 'space-between' }}
        >
          <Box sx={{ maxWidth: 360 }}>
            <BrandLogo tone="light" />
            <Typography variant="body2" sx={{ mt: 1.5, color: 'grey.400' }}>
              Instant roof-replacement estimates for your website, and a CRM for the leads they
              bring in.
            </Typography>
          </Box>
          <Box component="nav" aria-label="Footer">
            <Stack
              component="ul"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1.5, sm: 4 }}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              <li>
                <Link href={`mailto:${CONTACT_EMAIL}`} sx={footerLinkSx}>
                  Contact
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={APP_ROUTES.terms} sx={footerLinkSx}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={APP_ROUTES.privacy} sx={footerLinkSx}>
                  Privacy Policy
                </Link>
              </li>
            </Stack>
          </Box>
        </Stack>
        <Divider sx={{ my: 4, borderColor: 'grey.800' }} />
        <Typography variant="body2" sx={{ color: 'grey.400' }}>
          © {new Date().getFullYear()} Rafter. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
