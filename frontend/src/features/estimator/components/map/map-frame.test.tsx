import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { MapFrame } from './MapFrame';
import { RoofMap } from './RoofMap';

const view = {
  center: { lat: 30.27, lng: -97.74 },
  zoom: 18,
  marker: { lat: 30.27, lng: -97.74 },
  onMarkerMove: vi.fn(),
  onAddressProvider: vi.fn(),
};

describe('map errors', () => {
  it.each([
    [
      'google',
      'load-error',
      'Failed to load Google Maps. Please check your API key and internet connection.',
    ],
    ['google', 'init-error', 'Failed to initialize Google Maps. Please try refreshing the page.'],
    ['keyless', 'load-error', 'Failed to load the map. Please check your internet connection.'],
    ['keyless', 'init-error', 'Failed to start the map. Please try refreshing the page.'],
  ] as const)('the %s map tells a %s in its own words', (provider, status, text) => {
    renderWithProviders(<MapFrame status={status} provider={provider} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Map Error');
    expect(alert).toHaveTextContent(text);
  });

  it('names no provider when the map settings could not be read', () => {
    renderWithProviders(<RoofMap config={undefined} configFailed {...view} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to load the map. Please check your internet connection.',
    );
    expect(alert).not.toHaveTextContent('Google');
  });
});
