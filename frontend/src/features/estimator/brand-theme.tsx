import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, createTheme, type CSSObject, type Theme } from '@mui/material/styles';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import { brandColors } from './brand-colors';

type ButtonRootStyle = CSSObject & { variants?: unknown[] };
type ButtonRootOverride = (props: { theme: Theme }) => ButtonRootStyle;

/**
 * The app theme with the brand colour as primary. The app's button overrides hard-code the
 * green hover shades, so the brand's own hover shades are appended after them.
 */
export function createBrandTheme(base: Theme, color: string): Theme {
  if (color === DEFAULT_BRAND_COLOR) return base;
  const shades = brandColors(color);
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
          style: { '&:hover': { backgroundColor: shades.containedHover } },
        },
        {
          props: { variant: 'outlined', color: 'primary' },
          style: { '&:hover': { backgroundColor: shades.outlinedHover } },
        },
      ],
    };
  };
  return createTheme(base, {
    palette: {
      primary: {
        main: color,
        dark: shades.dark,
        light: shades.light,
        contrastText: '#ffffff',
      },
    },
    components: { MuiButton: { styleOverrides: { root } } },
  });
}

/** Themes everything inside with a contractor's brand colour. */
export function BrandThemeProvider({ color, children }: { color: string; children: ReactNode }) {
  const theme = useMemo(() => (base: Theme) => createBrandTheme(base, color), [color]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
