import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import SatelliteAltRoundedIcon from '@mui/icons-material/SatelliteAltRounded';

interface MeasuringOverlayProps {
  progress: number;
  statusText: string;
}

/**
 * Covers the address step while the roof is measured. It takes focus, since the controls
 * under it are inert, and announces each status text.
 */
export function MeasuringOverlay({ progress, statusText }: MeasuringOverlayProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);

  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby={titleId}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1200,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        borderRadius: 'inherit',
        bgcolor: 'rgba(255, 255, 255, 0.94)',
        backdropFilter: 'blur(2px)',
        '&:focus': { outline: 'none' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.dark',
          '@media (prefers-reduced-motion: no-preference)': {
            animation: 'rafter-pulse 1.6s ease-in-out infinite',
          },
          '@keyframes rafter-pulse': {
            '0%, 100%': { transform: 'scale(1)' },
            '50%': { transform: 'scale(1.08)' },
          },
        }}
      >
        <SatelliteAltRoundedIcon sx={{ fontSize: 32 }} />
      </Box>
      <Typography id={titleId} component="h3" variant="h4">
        Measuring your roof
      </Typography>
      <Box sx={{ width: '100%', maxWidth: 360 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label="Measurement progress"
          sx={{ height: 10, borderRadius: 5, bgcolor: 'grey.200' }}
        />
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 700 }} data-testid="measuring-percent">
          {progress}%
        </Typography>
      </Box>
      <Typography role="status" aria-live="polite" data-testid="measuring-status">
        {statusText}
      </Typography>
    </Box>
  );
}
