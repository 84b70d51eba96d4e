import { type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';

/** Map height in px (spec section 9). */
export const MAP_HEIGHT = 400;

/** Script (or tiles) loading, ready, or failed to load or to start (spec section 4). */
export type MapStatus = 'loading' | 'ready' | 'load-error' | 'init-error';

/** Google's map (a browser key is set) or the keyless Leaflet map. */
export type MapProvider = 'google' | 'keyless';

/**
 * What failed, in the words of the map in use: the spec's texts for Google's map; the keyless
 * map has no API key to check and is not Google's.
 */
export const MAP_ERRORS: Readonly<
  Record<MapProvider, Readonly<Record<'load-error' | 'init-error', string>>>
> = {
  google: {
    'load-error': 'Failed to load Google Maps. Please check your API key and internet connection.',
    'init-error': 'Failed to initialize Google Maps. Please try refreshing the page.',
  },
  keyless: {
    'load-error': 'Failed to load the map. Please check your internet connection.',
    'init-error': 'Failed to start the map. Please try refreshing the page.',
  },
};

interface MapFrameProps {
  status: MapStatus;
  /** Whose words an error is told in. */
  provider: MapProvider;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/** The 400 px map box with its 'Loading map...' and 'Map Error' states. */
export function MapFrame({ status, provider, children, ref }: MapFrameProps) {
  const error =
    status === 'load-error' || status === 'init-error' ? MAP_ERRORS[provider][status] : null;
  const failed = error !== null;
  return (
    <Box
      ref={ref}
      sx={{
        position: 'relative',
        height: MAP_HEIGHT,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'grey.100',
        // Fullscreen keeps the frame's box otherwise.
        '&:fullscreen': { height: '100%', borderRadius: 0 },
      }}
    >
      {!failed && children}
      {status === 'loading' && (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 1000,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1.5,
            bgcolor: 'grey.100',
            color: 'text.secondary',
          }}
        >
          <CircularProgress size={32} aria-hidden />
          <Typography variant="body2">Loading map...</Typography>
        </Box>
      )}
      {failed && (
        <Box
          role="alert"
          sx={{
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            gap: 1,
            p: 3,
            bgcolor: '#fef2f2',
          }}
        >
          <ErrorOutlineRoundedIcon aria-hidden sx={{ color: '#b91c1c', fontSize: 36 }} />
          <Typography component="h3" variant="h5" sx={{ color: '#991b1b' }}>
            Map Error
          </Typography>
          <Typography variant="body2" sx={{ color: '#7f1d1d', maxWidth: 420 }}>
            {error}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 420 }}>
            You can still enter your address above and measure your roof.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
