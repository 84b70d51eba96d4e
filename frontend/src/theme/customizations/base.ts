import type { Components, Theme } from '@mui/material/styles';

/** Page-wide rules applied through CssBaseline. */
export const baseCustomizations: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: (theme) => ({
      html: {
        // Keeps anchored section headings clear of the sticky banner and header. Smooth
        // scrolling is chosen per scroll (app/ScrollManager.tsx), not here: as a page-wide rule
        // it would also animate the browser's own jump to a #fragment on load, which the
        // router's scroll on hydration then interrupts half-way.
        scrollPaddingTop: 120,
      },
      '::selection': { backgroundColor: '#bbf7d0', color: theme.palette.text.primary },
    }),
  },
};
