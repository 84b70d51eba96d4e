import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';

interface BrandLogoProps {
  /** Colour of the word mark; the mark itself stays brand green. */
  tone?: 'dark' | 'light';
}

/** The Rafter mark and name, linking home. */
export function BrandLogo({ tone = 'dark' }: BrandLogoProps) {
  return (
    <Box
      component={RouterLink}
      to={APP_ROUTES.home}
      aria-label="Rafter home"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: tone === 'dark' ? 'text.primary' : 'common.white',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.25rem',
        letterSpacing: '-0.02em',
        borderRadius: 1,
        '&:focus-visible': {
          outline: '3px solid',
          outlineColor: 'primary.light',
          outlineOffset: 4,
        },
      }}
    >
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden
        sx={{ width: 32, height: 32, flexShrink: 0, display: 'block' }}
      >
        <rect width="64" height="64" rx="14" fill="#16a34a" />
        <path
          d="M12 33 32 15l20 18"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M19 31v17h26V31"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinejoin="round"
        />
        <path d="M28 48V38h8v10" fill="#fff" />
      </Box>
      Rafter
    </Box>
  );
}
