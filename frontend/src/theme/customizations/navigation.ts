import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: 500,
        // The brand green is too light for small text on white; links use the dark shade.
        color: theme.palette.primary.dark,
        textDecorationColor: 'currentColor',
        '&:focus-visible': {
          outline: `3px solid ${theme.palette.primary.light}`,
          outlineOffset: 2,
          borderRadius: 4,
        },
      }),
    },
  },
  MuiTab: {
    styleOverrides: {
      root: ({ theme }) => ({
        // The brand green is below 4.5:1 on white for a tab's text; the selected tab uses the dark shade.
        '&.Mui-selected': { color: theme.palette.primary.dark },
      }),
    },
  },
  MuiTabs: {
    styleOverrides: {
      indicator: ({ theme }) => ({ backgroundColor: theme.palette.primary.dark }),
    },
  },
};
