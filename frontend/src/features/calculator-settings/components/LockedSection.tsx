import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import { lowestPlanWithFeature, type Feature } from '@rafter/domain/plans';

interface LockedSectionProps {
  feature: Feature;
  locked: boolean;
  onLocked: (feature: Feature) => void;
  children: ReactNode;
}

/**
 * A card's content, shown dimmed and out of reach (inert) when the plan does not include
 * `feature`; the one control left opens the 'Upgrade Required' dialog.
 */
export function LockedSection({ feature, locked, onLocked, children }: LockedSectionProps) {
  if (!locked) return children;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box inert sx={{ opacity: 0.4, filter: 'grayscale(1)', pointerEvents: 'none' }}>
        {children}
      </Box>
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 2,
        }}
      >
        <Button
          variant="contained"
          color="inherit"
          startIcon={<LockRoundedIcon />}
          onClick={() => onLocked(feature)}
          sx={{ bgcolor: 'background.paper', textAlign: 'center' }}
        >
          Locked - Click to upgrade to {lowestPlanWithFeature(feature).name}
        </Button>
      </Box>
    </Box>
  );
}
