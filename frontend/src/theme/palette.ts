import type { PaletteOptions } from '@mui/material/styles';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';

/** Rafter's brand green. The embed widget and share pages default to it too (spec section 9). */
export const BRAND_GREEN = DEFAULT_BRAND_COLOR;
/** White on the brand green is below 4.5:1, so text and filled buttons use this darker shade. */
export const BRAND_GREEN_DARK = '#15803d';
export const BRAND_GREEN_LIGHT = '#4ade80';
/** A filled brand button under the pointer. */
export const BRAND_GREEN_HOVER = '#166534';
/** An outlined brand button's background under the pointer. */
export const BRAND_GREEN_TINT = '#f0fdf4';

export const palette: PaletteOptions = {
  mode: 'light',
  primary: {
    main: BRAND_GREEN,
    dark: BRAND_GREEN_DARK,
    light: BRAND_GREEN_LIGHT,
    contrastText: '#ffffff',
  },
  secondary: { main: '#0f172a', contrastText: '#ffffff' },
  success: { main: BRAND_GREEN, dark: BRAND_GREEN_DARK },
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
