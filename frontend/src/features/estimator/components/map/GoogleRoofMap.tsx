import { useEffect } from 'react';
import {
  APILoadingStatus,
  APIProvider,
  AdvancedMarker,
  ColorScheme,
  Map,
  useApiLoadingStatus,
  useMap,
  useMapsLibrary,
} from '@vis.gl/react-google-maps';
import type { LatLng } from '../../address/address-provider';
import { createGoogleAddressProvider } from './google-address-provider';
import { MapErrorBoundary } from './MapErrorBoundary';
import { MapFrame } from './MapFrame';
import type { RoofMapViewProps } from './map-props';
import { MARKER_ICON_SIZE, MARKER_ICON_URL, MARKER_TITLE } from './marker-icon';

/**
 * Advanced markers need a map id. Google's demo id works everywhere; the map is shown as
 * satellite imagery only, so no cloud styling is lost.
 */
const MAP_ID = 'DEMO_MAP_ID';

interface GoogleRoofMapProps extends RoofMapViewProps {
  apiKey: string;
}

/** Moves the camera when the chosen address changes. */
function FollowCenter({ center: { lat, lng }, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    map.panTo({ lat, lng });
    map.setZoom(zoom);
  }, [map, lat, lng, zoom]);
  return null;
}

function GoogleMapView({
  center,
  zoom,
  marker,
  onMarkerMove,
  onAddressProvider,
}: RoofMapViewProps) {
  const status = useApiLoadingStatus();
  const places = useMapsLibrary('places');
  const geocoding = useMapsLibrary('geocoding');

  useEffect(() => {
    if (!places || !geocoding) return;
    onAddressProvider(createGoogleAddressProvider(places, geocoding));
    return () => onAddressProvider(null);
  }, [places, geocoding, onAddressProvider]);

  if (status === APILoadingStatus.FAILED || status === APILoadingStatus.AUTH_FAILURE) {
    return <MapFrame status="load-error" provider="google" />;
  }
  if (status !== APILoadingStatus.LOADED) return <MapFrame status="loading" provider="google" />;

  return (
    <MapFrame status="ready" provider="google">
      <MapErrorBoundary fallback={<MapFrame status="init-error" provider="google" />}>
        <Map
          mapId={MAP_ID}
          defaultCenter={center}
          defaultZoom={zoom}
          defaultTilt={0}
          mapTypeId="satellite"
          colorScheme={ColorScheme.LIGHT}
          tiltInteractionEnabled={false}
          headingInteractionEnabled={false}
          mapTypeControl
          fullscreenControl
          streetViewControl={false}
          rotateControl={false}
          gestureHandling="cooperative"
          style={{ width: '100%', height: '100%' }}
        >
          <AdvancedMarker
            position={marker}
            draggable
            title={MARKER_TITLE}
            onDragEnd={(event) => {
              const position = event.latLng?.toJSON();
              if (position) onMarkerMove(position);
            }}
          >
            <img
              src={MARKER_ICON_URL}
              width={MARKER_ICON_SIZE}
              height={MARKER_ICON_SIZE}
              alt=""
              draggable={false}
            />
          </AdvancedMarker>
          <FollowCenter center={center} zoom={zoom} />
        </Map>
      </MapErrorBoundary>
    </MapFrame>
  );
}

/** The satellite map through the Google Maps JavaScript API (when a browser key is set). */
export default function GoogleRoofMap({ apiKey, ...view }: GoogleRoofMapProps) {
  return (
    <APIProvider
      apiKey={apiKey}
      libraries={['places', 'geocoding', 'marker']}
      language="en"
      region="US"
    >
      <GoogleMapView {...view} />
    </APIProvider>
  );
}
