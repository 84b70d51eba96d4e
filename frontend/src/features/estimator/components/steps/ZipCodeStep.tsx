import Button from '@mui/material/Button';
import { StepLayout } from '../StepLayout';
import { TextInput } from '../TextInput';

/** Zip codes have exactly this many digits (spec section 9). */
export const ZIP_CODE_LENGTH = 5;

export function isCompleteZipCode(zipCode: string): boolean {
  return new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`).test(zipCode);
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
  return (
    <StepLayout
      title="Enter your zip code"
      description="We use it to find your home and local pricing."
      focusTitle={focusTitle}
      onSubmit={() => {
        if (complete) onContinue();
      }}
      actions={
        <Button type="submit" variant="contained" size="large" disabled={!complete}>
          Continue
        </Button>
      }
    >
      <TextInput
        label="Zip Code"
        value={zipCode}
        onChange={(event) =>
          onZipCodeChange(event.target.value.replace(/\D/g, '').slice(0, ZIP_CODE_LENGTH))
        }
        autoComplete="postal-code"
        placeholder="e.g. 78701"
        helperText="5-digit US zip code"
        htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: ZIP_CODE_LENGTH }}
      />
    </StepLayout>
  );
}
