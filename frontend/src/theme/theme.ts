import { createTheme } from '@mui/material/styles';
import { palette } from './palette';
import { typography } from './typography';
import { dataDisplayCustomizations } from './customizations/data-display';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';

export const theme = createTheme({
  palette,
  typography,
  shape: { borderRadius: 10 },
  components: {
    ...inputsCustomizations,
    ...surfacesCustomizations,
    ...dataDisplayCustomizations,
    ...navigationCustomizations,
  },
});
