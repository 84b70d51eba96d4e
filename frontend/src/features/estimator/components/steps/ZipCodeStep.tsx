import { useEffect, useRef } from 'react';
import { ContinueButton } from '../StepActions';
import { StepLayout } from '../StepLayout';
import { TextInput } from '../TextInput';

/** Zip codes have exactly this many digits (spec section 9). */
export const ZIP_CODE_LENGTH = 5;

export function isCompleteZipCode(zipCode: string): boolean {
  return new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`).test(zipCode);
}

function zipCodeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, ZIP_CODE_LENGTH);
}

interface ZipCodeStepProps {
  zipCode: string;
  onZipCodeChange: (zipCode: string) => void;
  onContinue: () => void;
  focusTitle: boolean;
}

/** Step 1: digits only, at most 5; Continue once all 5 are in. */
export function ZipCodeStep({
  zipCode,
  onZipCodeChange,
  onContinue,
  focusTitle,
}: ZipCodeStepProps) {
  const complete = isCompleteZipCode(zipCode);
  const input = useRef<HTMLInputElement>(null);
  // The first screen is prerendered: on a slow phone the homeowner may type the zip code before
  // the app hydrates. Hydration keeps what they typed in the field but not in the state, and the
  // next render would wipe it; take it into the state instead.
  useEffect(() => {
    const typed = zipCodeDigits(input.current?.value ?? '');
    if (typed && typed !== zipCode) onZipCodeChange(typed);
    // Once, on mount: afterwards every keystroke goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <StepLayout
      title="Enter your zip code"
      description="We use it to find your home and local pricing."
      focusTitle={focusTitle}
      onSubmit={() => {
        if (complete) onContinue();
      }}
      actions={<ContinueButton disabled={!complete}>Continue</ContinueButton>}
    >
      <TextInput
        label="Zip Code"
        value={zipCode}
        inputRef={input}
        onChange={(event) => onZipCodeChange(zipCodeDigits(event.target.value))}
        autoComplete="postal-code"
        placeholder="e.g. 78701"
        helperText="5-digit US zip code"
        htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: ZIP_CODE_LENGTH }}
      />
    </StepLayout>
  );
}
