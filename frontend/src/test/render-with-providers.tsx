import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { AppTheme } from '../components/AppTheme';

/** Renders with the app's providers (query client, session) and the theme its pages get. */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <AppProviders>
      <AppTheme>{ui}</AppTheme>
    </AppProviders>,
  );
}
