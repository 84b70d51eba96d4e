import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    styleOverrides: {
      root: { fontWeight: 600 },
      colorPrimary: ({ theme }) => ({
        backgroundColor: '#dcfce7',
        color: '#14532d',
        '& .MuiChip-icon': { color: theme.palette.primary.dark },
      }),
    },
  },
  MuiDivider: {
    styleOverrides: {
      root: ({ theme }) => ({ borderColor: theme.palette.divider }),
    },
  },
};
