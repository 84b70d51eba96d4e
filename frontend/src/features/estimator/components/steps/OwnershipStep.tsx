import { useId } from 'react';
import { OWNERSHIP_LABELS, OWNERSHIP_VALUES, type Ownership } from '@rafter/domain/property';
import { ChoiceGroup } from '../ChoiceGroup';
import { StepActions } from '../StepActions';
import { StepLayout } from '../StepLayout';

const OPTIONS = OWNERSHIP_VALUES.map((value) => ({ value, label: OWNERSHIP_LABELS[value] }));

interface OwnershipStepProps {
  ownership: Ownership | null;
  onOwnershipChange: (ownership: Ownership) => void;
  onBack: () => void;
  onContinue: () => void;
  focusTitle: boolean;
}

/** Step 3: 'Are you the homeowner?' owner, considering or other. */
export function OwnershipStep({
  ownership,
  onOwnershipChange,
  onBack,
  onContinue,
  focusTitle,
}: OwnershipStepProps) {
  const titleId = useId();
  return (
    <StepLayout
      title="Are you the homeowner?"
      titleId={titleId}
      focusTitle={focusTitle}
      onSubmit={() => {
        if (ownership) onContinue();
      }}
      actions={<StepActions onBack={onBack} canContinue={ownership !== null} />}
    >
      <ChoiceGroup
        name="ownership"
        labelledBy={titleId}
        options={OPTIONS}
        value={ownership}
        onChange={onOwnershipChange}
      />
    </StepLayout>
  );
}
