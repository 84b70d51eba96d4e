import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../theme/theme';

/**
 * The app's MUI theme for what is inside. The pages strangers open first (the landing page, the
 * widget, a share page) are drawn without MUI; their MUI parts (dialogs, the estimator's later
 * steps, the voice assistant) load on demand and bring the theme with them through this, as do
 * the other pages (AppRoutes). The page-wide rules MUI's CssBaseline would add are a plain
 * stylesheet (app/page-baseline.css).
 */
export function AppTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

export default AppTheme;
