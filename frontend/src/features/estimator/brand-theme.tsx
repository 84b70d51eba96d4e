import { useMemo, type ReactNode } from 'react';
import {
  ThemeProvider,
  alpha,
  createTheme,
  darken,
  getContrastRatio,
  lighten,
  type CSSObject,
  type Theme,
} from '@mui/material/styles';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';

/** WCAG AA for normal text: white text on the filled buttons must reach it. */
const MIN_TEXT_CONTRAST = 4.5;

/**
 * The brand colour darkened in 5 % steps until white text on it is readable. Buttons, links and
 * selected options use this shade, so a light brand colour still gives accessible controls.
 */
export function readableShade(color: string): string {
  let shade = color;
  for (let amount = 0.05; getContrastRatio(shade, '#ffffff') < MIN_TEXT_CONTRAST; amount += 0.05) {
    shade = darken(color, Math.min(amount, 1));
  }
  return shade;
}

type ButtonRootStyle = CSSObject & { variants?: unknown[] };
type ButtonRootOverride = (props: { theme: Theme }) => ButtonRootStyle;

/**
 * The app theme with the brand colour as primary. The app's button overrides hard-code the
 * green hover shades, so the brand's own hover shades are appended after them.
 */
export function createBrandTheme(base: Theme, color: string): Theme {
  if (color === DEFAULT_BRAND_COLOR) return base;
  const dark = readableShade(color);
  const baseRoot = base.components?.MuiButton?.styleOverrides?.root as
    ButtonRootOverride | ButtonRootStyle | undefined;
  const root: ButtonRootOverride = (props) => {
    const style = (typeof baseRoot === 'function' ? baseRoot(props) : baseRoot) ?? {};
    return {
      ...style,
      variants: [
        ...(style.variants ?? []),
        {
          props: { variant: 'contained', color: 'primary' },
          style: { '&:hover': { backgroundColor: darken(dark, 0.2) } },
        },
        {
          props: { variant: 'outlined', color: 'primary' },
          style: { '&:hover': { backgroundColor: alpha(color, 0.08) } },
        },
      ],
    };
  };
  return createTheme(base, {
    palette: {
      primary: { main: color, dark, light: lighten(color, 0.45), contrastText: '#ffffff' },
    },
    components: { MuiButton: { styleOverrides: { root } } },
  });
}

/** Themes everything inside with a contractor's brand colour. */
export function BrandThemeProvider({ color, children }: { color: string; children: ReactNode }) {
  const theme = useMemo(() => (base: Theme) => createBrandTheme(base, color), [color]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
