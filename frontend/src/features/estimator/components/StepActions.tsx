import Button from '@mui/material/Button';

interface StepActionsProps {
  onBack: () => void;
  /** Continue is disabled until the step is answered. */
  canContinue: boolean;
  continueLabel?: string;
}

/** Back, then the step's submit button. */
export function StepActions({ onBack, canContinue, continueLabel = 'Continue' }: StepActionsProps) {
  return (
    <>
      <Button variant="outlined" size="large" onClick={onBack}>
        Back
      </Button>
      <Button type="submit" variant="contained" size="large" disabled={!canContinue}>
        {continueLabel}
      </Button>
    </>
  );
}
