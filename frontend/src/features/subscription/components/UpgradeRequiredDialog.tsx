import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router';
import { FEATURES, lowestPlanWithFeature, PLAN_LIST, type Feature } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';

const SUBSCRIPTION_TAB_PATH = `${APP_ROUTES.dashboard}?tab=subscription`;

interface UpgradeRequiredDialogProps {
  /** The locked feature; the dialog names the lowest plan that has it. */
  feature: Feature;
  open: boolean;
  onClose: () => void;
}

/** Shared by the calculator and profile tabs when a locked feature is used (spec section 2). */
export function UpgradeRequiredDialog({ feature, open, onClose }: UpgradeRequiredDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const plan = lowestPlanWithFeature(feature);
  const hasHigherPlan = PLAN_LIST.some((other) => other.level > plan.level);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>Upgrade Required</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-body`}>
          {FEATURES[feature].label} is available on the <strong>{plan.name}</strong> plan
          {hasHigherPlan ? ' or higher' : ''}. Upgrade to unlock it.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose}>Maybe Later</Button>
        <Button
          variant="contained"
          autoFocus
          onClick={() => {
            onClose();
            void navigate(SUBSCRIPTION_TAB_PATH);
          }}
        >
          Upgrade Now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
