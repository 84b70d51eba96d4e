import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function SharePageLoading() {
  return (
    <Box
      component="main"
      role="status"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'grey.50',
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="textSecondary">Loading calculator...</Typography>
    </Box>
  );
}
