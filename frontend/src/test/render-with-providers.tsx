import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/providers';

/** Renders with the app's providers (query client, theme). */
export function renderWithProviders(ui: ReactElement) {
  return render(<AppProviders>{ui}</AppProviders>);
}
