import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export const STEP_COUNT = 6;

const STEP_NAMES = ['Zip code', 'Address', 'Homeowner', 'Material', 'Stories', 'Estimate'];

/** 'Step N of 6' over a bar filled to N/6. */
export function EstimatorProgress({ step }: { step: number }) {
  const labelId = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 700 }}>
          Step {step} of {STEP_COUNT}
        </Typography>
        <Typography variant="body2" color="textSecondary" aria-hidden>
          {STEP_NAMES[step - 1]}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(step / STEP_COUNT) * 100}
        aria-labelledby={labelId}
        sx={{
          height: 8,
          borderRadius: 4,
          bgcolor: 'grey.200',
          '& .MuiLinearProgress-bar': { borderRadius: 4, bgcolor: 'primary.main' },
        }}
      />
    </Box>
  );
}
