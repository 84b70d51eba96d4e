import type { PaletteOptions } from '@mui/material/styles';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';

/** Rafter's brand green. The embed widget and share pages default to it too (spec section 9). */
export const BRAND_GREEN = DEFAULT_BRAND_COLOR;

export const palette: PaletteOptions = {
  mode: 'light',
  primary: {
    main: BRAND_GREEN,
    // White on the brand green is below 4.5:1, so text and filled buttons use the darker shades.
    dark: '#15803d',
    light: '#4ade80',
    contrastText: '#ffffff',
  },
  secondary: { main: '#0f172a', contrastText: '#ffffff' },
  success: { main: BRAND_GREEN, dark: '#15803d' },
  text: { primary: '#0f172a', secondary: '#475569' },
  divider: '#e2e8f0',
  background: { default: '#ffffff', paper: '#ffffff' },
  grey: {
    50: '#f8fafc',
    100: '#f1f5f9',
    200: '#e2e8f0',
    300: '#cbd5e1',
    400: '#94a3b8',
    500: '#64748b',
    600: '#475569',
    700: '#334155',
    800: '#1e293b',
    900: '#0f172a',
  },
};
