import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toBrandColor } from '@rafter/domain/branding';
import type { Feature } from '@rafter/domain/plans';
import { type ShareLinkView } from '@rafter/domain/settings';
import { BRAND_PRESETS, COLOR_AUTOSAVE_MS } from '../settings-constants';
import { putBrandColor } from '../api/share-link';
import { useAutosave } from '../hooks/use-autosave';
import type { BrandColorDraft } from '../hooks/use-brand-color-draft';
import { AutosaveIndicator } from './AutosaveIndicator';
import { LockedSection } from './LockedSection';
import { SettingsCard } from './SettingsCard';

interface BrandingCardProps {
  /** The colour picked on this page (the tab holds it, so the snippet and preview agree). */
  draft: BrandColorDraft;
  /** The colour the server holds (the share link's, or the default without one). */
  storedColor: string;
  hasShareLink: boolean;
  locked: boolean;
  /** Autosaves are allowed (an active plan with custom colours). */
  canSave: boolean;
  onLocked: (feature: Feature) => void;
  onSaved: (link: ShareLinkView) => void;
}

export function BrandingCard({
  draft,
  storedColor,
  hasShareLink,
  locked,
  canSave,
  onLocked,
  onSaved,
}: BrandingCardProps) {
  // The autosave runs the latest render's function, so this compares with the colour stored
  // when the save runs, not when it was scheduled.
  const autosave = useAutosave(async (value: string) => {
    if ((toBrandColor(value) ?? value) === storedColor) return;
    onSaved(await putBrandColor(value.trim()));
  }, COLOR_AUTOSAVE_MS);
  // Spec section 4: only when allowed and with a share link to hold the colour.
  const saves = canSave && hasShareLink;

  // A colour picked before a tab switch or a reload and not saved yet is saved now.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    if (saves && (toBrandColor(draft.text) ?? draft.text) !== storedColor) {
      autosave.schedule(draft.text);
    }
  }, [saves, draft.text, storedColor, autosave]);

  const change = (value: string) => {
    draft.change(value);
    if (saves) autosave.schedule(value);
  };
  const color = draft.color;

  return (
    <SettingsCard
      title="Branding"
      description="The colour of your calculator's buttons and highlights."
    >
      <LockedSection feature="customColors" locked={locked} onLocked={onLocked}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Box
            component="input"
            type="color"
            aria-label="Brand colour picker"
            value={color}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => change(event.target.value)}
            sx={{ width: 56, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
          <TextField
            label="Hex colour"
            size="small"
            value={draft.text}
            onChange={(event) => change(event.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, maxLength: 7 } }}
            sx={{ width: 140 }}
          />
        </Box>
        <Box
          role="group"
          aria-label="Preset colours"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}
        >
          {BRAND_PRESETS.map((preset) => (
            <Box
              key={preset}
              component="button"
              type="button"
              aria-label={`Preset colour ${preset}`}
              aria-pressed={color === preset}
              onClick={() => change(preset)}
              sx={{
                width: 36,
                height: 36,
                borderRadius: '50%',
                bgcolor: preset,
                cursor: 'pointer',
                border: 3,
                borderColor: color === preset ? 'text.primary' : 'transparent',
                '&:focus-visible': { outline: '3px solid', outlineOffset: 2 },
              }}
            />
          ))}
        </Box>
        {!hasShareLink && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Create a share link below to save your brand colour.
          </Typography>
        )}
      </LockedSection>
      <AutosaveIndicator autosave={autosave} />
    </SettingsCard>
  );
}
