import type { Components, Theme } from '@mui/material/styles';
import { BRAND_GREEN_HOVER, BRAND_GREEN_TINT } from '../palette';

export const inputsCustomizations: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        paddingInline: theme.spacing(2.25),
        '&:focus-visible': {
          outline: `3px solid ${theme.palette.primary.light}`,
          outlineOffset: 2,
        },
        // White on the brand green is under 4.5:1, so filled buttons and text use the dark shade.
        variants: [
          {
            props: { variant: 'contained', color: 'primary' },
            style: {
              backgroundColor: theme.palette.primary.dark,
              '&:hover': { backgroundColor: BRAND_GREEN_HOVER },
            },
          },
          {
            props: { variant: 'outlined', color: 'primary' },
            style: {
              color: theme.palette.primary.dark,
              borderColor: theme.palette.grey[300],
              '&:hover': {
                borderColor: theme.palette.primary.dark,
                backgroundColor: BRAND_GREEN_TINT,
              },
            },
          },
          {
            props: { variant: 'text', color: 'primary' },
            style: { color: theme.palette.primary.dark },
          },
        ],
      }),
      sizeLarge: ({ theme }) => ({
        paddingBlock: theme.spacing(1.25),
        paddingInline: theme.spacing(3),
        fontSize: '1rem',
      }),
    },
  },
  MuiFormLabel: {
    styleOverrides: {
      // The focused label is text: the brand green is under 4.5:1 on white, its dark shade is not.
      root: ({ theme }) => ({
        '&.Mui-focused:not(.Mui-error)': { color: theme.palette.primary.dark },
      }),
    },
  },
};
