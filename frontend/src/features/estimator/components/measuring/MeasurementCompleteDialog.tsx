import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import type { RoofMeasurement } from '@rafter/domain/roof-measurement';

interface MeasurementCompleteDialogProps {
  measurement: RoofMeasurement | null;
  onContinue: () => void;
}

/** 'Measurement Complete!' with the roof area; Continue goes on to step 3. */
export function MeasurementCompleteDialog({
  measurement,
  onContinue,
}: MeasurementCompleteDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={measurement !== null}
      onClose={onContinue}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-area`}
      fullWidth
      maxWidth="xs"
    >
      <Box sx={{ pt: 3, textAlign: 'center' }}>
        <CheckCircleRoundedIcon aria-hidden sx={{ fontSize: 48, color: 'primary.dark' }} />
      </Box>
      <DialogTitle id={`${id}-title`} sx={{ textAlign: 'center', pt: 1 }}>
        Measurement Complete!
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography color="textSecondary">Your roof area is approximately</Typography>
        <Typography
          id={`${id}-area`}
          data-testid="measured-area"
          sx={{ fontSize: '2rem', fontWeight: 800, mt: 0.5 }}
        >
          {measurement ? `${measurement.areaSqFt.toLocaleString('en-US')} sq ft` : ''}
        </Typography>
        {measurement && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {measurement.source === 'solar'
              ? 'Measured from satellite imagery of your roof.'
              : // The simulation scales with stories (spec section 9), asked for on step 5.
                "Estimated for a one-story home; we'll adjust it if yours has more stories."}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button variant="contained" size="large" fullWidth onClick={onContinue} autoFocus>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
