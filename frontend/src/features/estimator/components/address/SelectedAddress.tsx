import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';

/** The 'Selected Address' box: the address that will be measured. */
export function SelectedAddress({ address }: { address: string }) {
  return (
    <Box
      component="section"
      aria-label="Selected Address"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: address ? 'primary.main' : 'divider',
        bgcolor: address ? 'action.hover' : 'grey.50',
      }}
    >
      <HomeRoundedIcon
        aria-hidden
        sx={{ color: address ? 'primary.dark' : 'grey.400', mt: 0.25 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          Selected Address
        </Typography>
        <Typography
          data-testid="selected-address"
          color={address ? 'textPrimary' : 'textSecondary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {address || 'No address yet. Type your address above or choose a suggestion.'}
        </Typography>
      </Box>
    </Box>
  );
}
