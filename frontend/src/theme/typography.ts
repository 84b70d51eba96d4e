import type { TypographyVariantsOptions } from '@mui/material/styles';

// The system UI font stack: no web-font download, so text renders at first paint.
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const typography: TypographyVariantsOptions = {
  fontFamily: FONT_STACK,
  h1: {
    fontSize: '2.25rem',
    fontWeight: 800,
    lineHeight: 1.12,
    letterSpacing: '-0.025em',
    textWrap: 'balance',
  },
  h2: {
    fontSize: '1.875rem',
    fontWeight: 800,
    lineHeight: 1.2,
    letterSpacing: '-0.02em',
    textWrap: 'balance',
  },
  h3: {
    fontSize: '1.375rem',
    fontWeight: 700,
    lineHeight: 1.3,
    letterSpacing: '-0.01em',
    textWrap: 'balance',
  },
  h4: { fontSize: '1.125rem', fontWeight: 700, lineHeight: 1.4 },
  h5: { fontSize: '1rem', fontWeight: 700, lineHeight: 1.5 },
  h6: { fontSize: '0.9375rem', fontWeight: 700, lineHeight: 1.5 },
  subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
  body1: { fontSize: '1rem', lineHeight: 1.65 },
  body2: { fontSize: '0.9375rem', lineHeight: 1.6 },
  overline: { fontSize: '0.8125rem', fontWeight: 700, letterSpacing: '0.08em', lineHeight: 1.5 },
  button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
};
