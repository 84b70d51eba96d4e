import { useId } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import {
  MATERIALS,
  MATERIAL_LABELS,
  formatPricePerSqFt,
  type Material,
  type MaterialPricing,
} from '@rafter/domain/materials';
import { ChoiceGroup } from '../ChoiceGroup';
import { StepActions } from '../StepActions';
import { StepLayout } from '../StepLayout';

interface MaterialStepProps {
  /** Undefined while the contractor's prices load. */
  pricing: MaterialPricing | undefined;
  material: Material | null;
  onMaterialChange: (material: Material) => void;
  onBack: () => void;
  onContinue: () => void;
  focusTitle: boolean;
}

/** Step 4: the five materials, each with its '$low - $high per sq ft'. */
export function MaterialStep({
  pricing,
  material,
  onMaterialChange,
  onBack,
  onContinue,
  focusTitle,
}: MaterialStepProps) {
  const titleId = useId();
  const ready = pricing !== undefined;
  return (
    <StepLayout
      title="Select your roofing material"
      titleId={titleId}
      focusTitle={focusTitle}
      onSubmit={() => {
        if (material && ready) onContinue();
      }}
      actions={<StepActions onBack={onBack} canContinue={material !== null && ready} />}
    >
      {pricing ? (
        <ChoiceGroup
          name="material"
          labelledBy={titleId}
          options={MATERIALS.map((value) => ({
            value,
            label: MATERIAL_LABELS[value],
            caption: formatPricePerSqFt(pricing[value]),
          }))}
          value={material}
          onChange={onMaterialChange}
        />
      ) : (
        <Stack spacing={1.25} aria-busy="true" aria-label="Loading prices">
          {MATERIALS.map((value) => (
            <Skeleton key={value} variant="rounded" height={68} />
          ))}
        </Stack>
      )}
    </StepLayout>
  );
}
