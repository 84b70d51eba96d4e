import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import IconButton from '@mui/material/IconButton';
import FullscreenRoundedIcon from '@mui/icons-material/FullscreenRounded';
import FullscreenExitRoundedIcon from '@mui/icons-material/FullscreenExitRounded';
import { icon as leafletIcon, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import { LayersControl, MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import type { LatLng } from '../../address/address-provider';
import { MapErrorBoundary } from './MapErrorBoundary';
import { MapFrame, type MapStatus } from './MapFrame';
import type { RoofMapViewProps } from './map-props';
import { MARKER_ICON_SIZE, MARKER_ICON_URL, MARKER_TITLE } from './marker-icon';

/**
 * Free imagery services stop at about zoom 19 in many places; the map goes to 20 (spec) by
 * enlarging the level-19 tiles instead of asking for tiles that do not exist.
 */
const MAX_NATIVE_ZOOM = 19;
const MAX_ZOOM = 20;

const markerIcon = leafletIcon({
  iconUrl: MARKER_ICON_URL,
  iconSize: [MARKER_ICON_SIZE, MARKER_ICON_SIZE],
  iconAnchor: [MARKER_ICON_SIZE / 2, MARKER_ICON_SIZE - 1],
});

/** A tile service: URL template with {z}, {x} and {y}, and the credit it requires. */
interface TileSource {
  url: string;
  attribution: string;
}

interface LeafletRoofMapProps extends Omit<RoofMapViewProps, 'onAddressProvider'> {
  satellite: TileSource;
  /** Null offers satellite imagery only, without a map-type switch. */
  streets: TileSource | null;
}

/** Moves the view when the chosen address changes. */
function FollowCenter({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.lat, center.lng], zoom);
  }, [map, center.lat, center.lng, zoom]);
  return null;
}

/** Leaflet lists the map types as bare radio buttons; this names their group. */
function NameMapTypeGroup() {
  const map = useMap();
  useEffect(() => {
    const group = map.getContainer().querySelector('.leaflet-control-layers-base');
    group?.setAttribute('role', 'radiogroup');
    group?.setAttribute('aria-label', 'Map type');
  }, [map]);
  return null;
}

/** Leaflet does not watch its container, so it is told when full screen changes its size. */
function FullscreenResize() {
  const map = useMap();
  useEffect(() => {
    const resize = () => map.invalidateSize();
    document.addEventListener('fullscreenchange', resize);
    return () => document.removeEventListener('fullscreenchange', resize);
  }, [map]);
  return null;
}

function FullscreenButton({ target }: { target: RefObject<HTMLDivElement | null> }) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);

  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    if (fullscreen) void document.exitFullscreen();
    else void target.current?.requestFullscreen();
  };
  return (
    <IconButton
      onClick={toggle}
      aria-label={fullscreen ? 'Exit full screen' : 'View map full screen'}
      size="small"
      sx={{
        position: 'absolute',
        top: 10,
        right: 10,
        zIndex: 1000,
        bgcolor: 'common.white',
        color: 'grey.900',
        boxShadow: 2,
        '&:hover': { bgcolor: 'grey.100' },
      }}
    >
      {fullscreen ? <FullscreenExitRoundedIcon /> : <FullscreenRoundedIcon />}
    </IconButton>
  );
}

/**
 * The keyless map: Leaflet over configurable tile services, satellite imagery first with a
 * switch to streets (as Google's map-type control). Loading until the first tile arrives; a load
 * error when the first view's tiles all fail (no network, bad URL).
 */
export default function LeafletRoofMap(props: LeafletRoofMapProps) {
  return (
    <MapErrorBoundary fallback={<MapFrame status="init-error" provider="keyless" />}>
      <LeafletView {...props} />
    </MapErrorBoundary>
  );
}

function LeafletView({
  satellite,
  streets,
  center,
  zoom,
  marker,
  onMarkerMove,
}: LeafletRoofMapProps) {
  const [status, setStatus] = useState<MapStatus>('loading');
  const loadedTiles = useRef(0);
  const frame = useRef<HTMLDivElement>(null);

  const tileEvents = {
    tileload: () => {
      loadedTiles.current += 1;
      setStatus('ready');
    },
    // Fired once every tile of the view has either loaded or failed.
    load: () => {
      if (loadedTiles.current === 0) setStatus('load-error');
    },
  };
  const markerEvents = {
    dragend: (event: LeafletEvent) => {
      const position = (event.target as LeafletMarker).getLatLng();
      onMarkerMove({ lat: position.lat, lng: position.lng });
    },
  };

  const tiles = (source: TileSource) => (
    <TileLayer
      url={source.url}
      attribution={source.attribution}
      maxNativeZoom={MAX_NATIVE_ZOOM}
      maxZoom={MAX_ZOOM}
      eventHandlers={tileEvents}
    />
  );

  return (
    <MapFrame status={status} provider="keyless" ref={frame}>
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={zoom}
        maxZoom={MAX_ZOOM}
        // The page scrolls past the map; zoom is on the buttons and pinch.
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        {streets ? (
          <>
            {/* Under the zoom buttons, as Google's map type control: the full-screen button
                holds the top right corner and the attribution can span the bottom. */}
            <LayersControl position="topleft" collapsed={false}>
              <LayersControl.BaseLayer name="Satellite" checked>
                {tiles(satellite)}
              </LayersControl.BaseLayer>
              <LayersControl.BaseLayer name="Streets">{tiles(streets)}</LayersControl.BaseLayer>
            </LayersControl>
            <NameMapTypeGroup />
          </>
        ) : (
          tiles(satellite)
        )}
        <Marker
          position={[marker.lat, marker.lng]}
          icon={markerIcon}
          draggable
          title={MARKER_TITLE}
          alt="Roof marker"
          eventHandlers={markerEvents}
        />
        <FollowCenter center={center} zoom={zoom} />
        <FullscreenResize />
      </MapContainer>
      <FullscreenButton target={frame} />
    </MapFrame>
  );
}
