import { useId } from 'react';
import { STORIES_LABELS, STORIES_VALUES, type Stories } from '@rafter/domain/property';
import { ChoiceGroup } from '../ChoiceGroup';
import { StepActions } from '../StepActions';
import { StepLayout } from '../StepLayout';

const OPTIONS = STORIES_VALUES.map((value) => ({ value, label: STORIES_LABELS[value] }));

interface StoriesStepProps {
  stories: Stories | null;
  onStoriesChange: (stories: Stories) => void;
  onBack: () => void;
  onContinue: () => void;
  focusTitle: boolean;
}

/** Step 5: one, two or three stories. */
export function StoriesStep({
  stories,
  onStoriesChange,
  onBack,
  onContinue,
  focusTitle,
}: StoriesStepProps) {
  const titleId = useId();
  return (
    <StepLayout
      title="How many stories is your home?"
      titleId={titleId}
      focusTitle={focusTitle}
      onSubmit={() => {
        if (stories) onContinue();
      }}
      actions={<StepActions onBack={onBack} canContinue={stories !== null} />}
    >
      <ChoiceGroup
        name="stories"
        labelledBy={titleId}
        options={OPTIONS}
        value={stories}
        onChange={onStoriesChange}
      />
    </StepLayout>
  );
}
