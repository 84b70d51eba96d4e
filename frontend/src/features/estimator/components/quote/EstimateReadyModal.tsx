import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEstimateRange, type Estimate } from '@rafter/domain/estimate';
import { PLANS } from '@rafter/domain/plans';

const INSTANT_PRICE = `$${PLANS.instant.priceCents / 100}/month`;

interface EstimateReadyModalProps {
  /** Open while set. */
  estimate: Estimate | null;
  onClose: () => void;
  onSignup: () => void;
}

/** The main-site flow's closing prompt: the estimate, and an invitation to roofers. */
export function EstimateReadyModal({ estimate, onClose, onSignup }: EstimateReadyModalProps) {
  const titleId = useId();
  return (
    <Dialog
      open={estimate !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId} sx={{ textAlign: 'center', pt: 3 }}>
        Your Estimate is Ready!
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography
            data-testid="ready-estimate-range"
            sx={{
              fontSize: { xs: '1.25rem', sm: '1.75rem' },
              fontWeight: 800,
              color: 'primary.dark',
            }}
          >
            {estimate ? formatEstimateRange(estimate) : ''}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            Estimated replacement cost
          </Typography>
        </Box>
        <Typography sx={{ mt: 2.5 }}>
          Are you a roofer? Turn your website into a lead generation machine with this same instant
          estimate calculator, and get every homeowner who uses it as a scored lead.
        </Typography>
        <Stack spacing={1} sx={{ mt: 3 }}>
          <Button variant="contained" size="large" onClick={onSignup}>
            Start My Rafter Account
          </Button>
          <Button variant="text" size="large" onClick={onClose}>
            Maybe Later
          </Button>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          Get this exact calculator for your website • {INSTANT_PRICE} • No setup fees
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
