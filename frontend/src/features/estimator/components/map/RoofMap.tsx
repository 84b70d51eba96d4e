import { lazy, Suspense } from 'react';
import type { PublicConfig } from '../../api/get-public-config';
import { MapErrorBoundary } from './MapErrorBoundary';
import { MapFrame } from './MapFrame';
import type { RoofMapViewProps } from './map-props';

// Each map library is its own chunk, fetched only when the address step shows a map.
const GoogleRoofMap = lazy(() => import('./GoogleRoofMap'));
const LeafletRoofMap = lazy(() => import('./LeafletRoofMap'));

interface RoofMapProps extends RoofMapViewProps {
  /** Undefined while /api/public-config loads. */
  config: PublicConfig | undefined;
  /** The config could not be loaded: there is no map to show. */
  configFailed: boolean;
}

/** Google's map when the server has a browser key, else the keyless Leaflet map. */
export function RoofMap({ config, configFailed, onAddressProvider, ...view }: RoofMapProps) {
  if (configFailed) return <MapFrame status="load-error" />;
  if (!config) return <MapFrame status="loading" />;

  return (
    <MapErrorBoundary fallback={<MapFrame status="load-error" />}>
      <Suspense fallback={<MapFrame status="loading" />}>
        {config.googleMapsApiKey ? (
          <GoogleRoofMap
            apiKey={config.googleMapsApiKey}
            onAddressProvider={onAddressProvider}
            {...view}
          />
        ) : (
          <LeafletRoofMap
            tileUrl={config.mapTileUrl}
            attribution={config.mapAttribution}
            {...view}
          />
        )}
      </Suspense>
    </MapErrorBoundary>
  );
}
