import Box from '@mui/material/Box';

/** The microphone's input level, 0-100, as an accessible meter. */
export function MicrophoneLevelMeter({ level }: { level: number }) {
  return (
    <Box
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={level}
      sx={{ height: 6, borderRadius: 3, bgcolor: 'grey.200', overflow: 'hidden' }}
    >
      <Box
        sx={{
          height: '100%',
          width: `${level}%`,
          bgcolor: 'primary.main',
          borderRadius: 3,
          transition: 'width 100ms linear',
        }}
      />
    </Box>
  );
}
