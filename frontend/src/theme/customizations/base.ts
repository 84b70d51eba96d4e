import type { Components, Theme } from '@mui/material/styles';

/** Page-wide rules applied through CssBaseline. */
export const baseCustomizations: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: (theme) => ({
      html: {
        // Keeps anchored section headings clear of the sticky banner and header.
        scrollPaddingTop: 120,
        '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
      },
      '::selection': { backgroundColor: '#bbf7d0', color: theme.palette.text.primary },
    }),
  },
};
