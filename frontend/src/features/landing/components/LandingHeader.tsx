import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { BrandLogo } from '../../../components/BrandLogo';
import { PromoBanner } from './PromoBanner';

const NAV_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#demo', label: 'Live Demo' },
] as const;

/** Under the spec's 768 px breakpoint the section links give way to the account buttons. */
const PHONE = '@media (max-width: 767.95px)';

/**
 * Promo banner and header, kept together at the top of the screen while scrolling. `actions`
 * are the account buttons, which the page supplies.
 */
export function LandingHeader({ actions }: { actions?: ReactNode }) {
  return (
    <AppBar
      position="sticky"
      sx={{
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <PromoBanner />
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 60, sm: 68 }, gap: { xs: 1, sm: 2 } }}>
          <BrandLogo />
          <Box component="nav" aria-label="Main" sx={{ ml: 'auto', [PHONE]: { display: 'none' } }}>
            <Box component="ul" sx={{ display: 'flex', gap: { xs: 0, sm: 1 }, m: 0, p: 0 }}>
              {NAV_LINKS.map((link) => (
                <Box component="li" key={link.href} sx={{ listStyle: 'none' }}>
                  <Button
                    href={link.href}
                    color="inherit"
                    sx={{ color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
                  >
                    {link.label}
                  </Button>
                </Box>
              ))}
            </Box>
          </Box>
          {actions && <Box sx={{ [PHONE]: { ml: 'auto' } }}>{actions}</Box>}
        </Toolbar>
      </Container>
    </AppBar>
  );
}
