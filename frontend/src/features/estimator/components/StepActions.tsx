import buttons from '../../../components/button.module.css';

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
      <button
        type="button"
        className={`${buttons.button} ${buttons.large} ${buttons.outlined}`}
        onClick={onBack}
      >
        Back
      </button>
      <ContinueButton disabled={!canContinue}>{continueLabel}</ContinueButton>
    </>
  );
}

/** A step's submit button, filled with the brand's readable shade. */
export function ContinueButton({ disabled, children }: { disabled: boolean; children: string }) {
  return (
    <button
      type="submit"
      className={`${buttons.button} ${buttons.large} ${buttons.contained}`}
      disabled={disabled}
    >
      {children}
    </button>
  );
}
