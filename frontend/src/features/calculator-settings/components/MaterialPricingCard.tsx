import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MATERIAL_LABELS, MATERIALS, type MaterialPricing } from '@rafter/domain/materials';
import type { Feature } from '@rafter/domain/plans';
import {
  PRICE_INPUT_MAX,
  PRICE_INPUT_MIN,
  type MaterialPricingView,
} from '@rafter/domain/settings';
import { PRICE_INPUT_STEP, PRICING_AUTOSAVE_MS } from '../settings-constants';
import { putMaterialPricing } from '../api/material-pricing';
import { useAutosave } from '../hooks/use-autosave';
import { AutosaveIndicator } from './AutosaveIndicator';
import { LockedSection } from './LockedSection';
import { SettingsCard } from './SettingsCard';

type PriceTexts = Record<keyof MaterialPricing, { min: string; max: string }>;

/** Spec section 5: a value that is not a number becomes 0 (which the server then refuses). */
function toPrice(text: string): number {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

function toPricing(texts: PriceTexts): MaterialPricing {
  return Object.fromEntries(
    MATERIALS.map((material) => [
      material,
      { min: toPrice(texts[material].min), max: toPrice(texts[material].max) },
    ]),
  ) as MaterialPricing;
}

interface MaterialPricingCardProps {
  initial: MaterialPricing;
  locked: boolean;
  canSave: boolean;
  onLocked: (feature: Feature) => void;
  onSaved: (view: MaterialPricingView) => void;
}

export function MaterialPricingCard({
  initial,
  locked,
  canSave,
  onLocked,
  onSaved,
}: MaterialPricingCardProps) {
  const [texts, setTexts] = useState<PriceTexts>(
    () =>
      Object.fromEntries(
        MATERIALS.map((material) => [
          material,
          { min: String(initial[material].min), max: String(initial[material].max) },
        ]),
      ) as PriceTexts,
  );
  const autosave = useAutosave(
    async (pricing: MaterialPricing) => onSaved(await putMaterialPricing(pricing)),
    PRICING_AUTOSAVE_MS,
  );

  const change = (material: keyof MaterialPricing, bound: 'min' | 'max', text: string) => {
    const next = { ...texts, [material]: { ...texts[material], [bound]: text } };
    setTexts(next);
    if (canSave) autosave.schedule(toPricing(next));
  };

  return (
    <SettingsCard
      title="Material Pricing"
      description="Your installed price per square foot for each roofing material."
    >
      <LockedSection feature="customPricing" locked={locked} onLocked={onLocked}>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {MATERIALS.map((material) => (
            <Box
              key={material}
              role="group"
              aria-label={MATERIAL_LABELS[material]}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: '180px 1fr 1fr' },
                gap: 1.5,
                alignItems: 'center',
              }}
            >
              <Typography sx={{ fontWeight: 600, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                {MATERIAL_LABELS[material]}
              </Typography>
              {(['min', 'max'] as const).map((bound) => (
                <TextField
                  key={bound}
                  type="number"
                  size="small"
                  label={`${bound === 'min' ? 'Min' : 'Max'} $ per sq ft`}
                  value={texts[material][bound]}
                  onChange={(event) => change(material, bound, event.target.value)}
                  slotProps={{
                    htmlInput: {
                      min: PRICE_INPUT_MIN,
                      max: PRICE_INPUT_MAX,
                      step: PRICE_INPUT_STEP,
                      inputMode: 'decimal',
                    },
                  }}
                />
              ))}
            </Box>
          ))}
        </Box>
      </LockedSection>
      <AutosaveIndicator autosave={autosave} />
    </SettingsCard>
  );
}
