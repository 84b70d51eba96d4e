// MUI's createTheme by the name vite.config.ts resolves to its module (oneMuiTheme).
declare module 'virtual:mui-create-theme' {
  import type { createTheme } from '@mui/material/styles';

  const create: typeof createTheme;
  export default create;
}
