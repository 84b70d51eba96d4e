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
  // Without the config no provider was chosen; the keyless map's words name none.
  if (configFailed) return <MapFrame status="load-error" provider="keyless" />;
  if (!config) return <MapFrame status="loading" provider="keyless" />;
  const provider = config.googleMapsApiKey ? 'google' : 'keyless';

  return (
    <MapErrorBoundary fallback={<MapFrame status="load-error" provider={provider} />}>
      <Suspense fallback={<MapFrame status="loading" provider={provider} />}>
        {config.googleMapsApiKey ? (
          <GoogleRoofMap
            apiKey={config.googleMapsApiKey}
            onAddressProvider={onAddressProvider}
            {...view}
          />
        ) : (
          <LeafletRoofMap
            satellite={{ url: config.mapTileUrl, attribution: config.mapAttribution }}
            streets={
              config.mapStreetsTileUrl
                ? { url: config.mapStreetsTileUrl, attribution: config.mapStreetsAttribution }
                : null
            }
            {...view}
          />
        )}
      </Suspense>
    </MapErrorBoundary>
  );
}
