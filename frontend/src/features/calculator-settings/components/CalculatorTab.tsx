import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import type { MaterialPricing } from '@rafter/domain/materials';
import type { Feature } from '@rafter/domain/plans';
import { type MaterialPricingView, type ShareLinkView } from '@rafter/domain/settings';
import { COLOR_AUTOSAVE_MS } from '../settings-constants';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMaterialPricing } from '../api/material-pricing';
import { useShareLink } from '../api/share-link';
import { calculatorSettingsKeys } from '../api/settings-keys';
import { useBrandColorDraft } from '../hooks/use-brand-color-draft';
import { BrandingCard } from './BrandingCard';
import { EmbedCodeCard } from './EmbedCodeCard';
import { LivePreview } from './LivePreview';
import { MaterialPricingCard } from './MaterialPricingCard';

/** The features this tab gates, each true when the contractor's plan includes it now. */
export type CalculatorAccess = Readonly<
  Record<'embed' | 'preview' | 'autosave' | 'shareLink' | 'customColors' | 'customPricing', boolean>
>;

export interface CalculatorTabProps {
  ownerId: string;
  /** The contractor has an active plan (the 'Active' badge). */
  active: boolean;
  access: CalculatorAccess;
  /** A locked control was used: the page shows the 'Upgrade Required' dialog for `feature`. */
  onLocked: (feature: Feature) => void;
}

/** 'Calculator Embed': branding, pricing, embed code and a live preview (spec section 2). */
export function CalculatorTab({ ownerId, active, access, onLocked }: CalculatorTabProps) {
  const pricing = useMaterialPricing();
  const shareLink = useShareLink();
  const loadError = pricing.error ?? shareLink.error;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Calculator Embed
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Make the calculator yours, then put it on your website or share its link.
          </Typography>
        </Box>
        <Chip
          label={active ? 'Active' : 'No Active Plan'}
          sx={{
            fontWeight: 600,
            bgcolor: active ? '#dcfce7' : 'grey.200',
            color: active ? '#14532d' : 'text.primary',
          }}
        />
      </Box>
      {loadError ? (
        <Alert severity="error">Your calculator settings did not load. {loadError.message}</Alert>
      ) : !pricing.data || !shareLink.data ? (
        <LinearProgress aria-label="Loading" />
      ) : (
        <CalculatorSettings
          ownerId={ownerId}
          access={access}
          onLocked={onLocked}
          pricing={pricing.data.pricing}
          link={shareLink.data.link}
        />
      )}
    </Box>
  );
}

interface CalculatorSettingsProps extends Omit<CalculatorTabProps, 'active'> {
  pricing: MaterialPricing;
  link: ShareLinkView | null;
}

/**
 * The four cards, once the settings have loaded. The colour picked in Branding is the one the
 * snippet, a new share link and the preview use, so they never disagree.
 */
function CalculatorSettings({ ownerId, access, onLocked, pricing, link }: CalculatorSettingsProps) {
  const queryClient = useQueryClient();
  const [revision, setRevision] = useState(0);
  const storedColor = link?.brandColor ?? DEFAULT_BRAND_COLOR;
  const draft = useBrandColorDraft(ownerId, storedColor);
  // Without custom colours nothing can be picked: the stored colour applies.
  const color = access.customColors ? draft.color : storedColor;
  // The preview shows what is saved; before a link exists (nothing to save to) the picked
  // colour, once picking has paused, so dragging across the picker does not reload it each step.
  const settledColor = useDebouncedValue(color, COLOR_AUTOSAVE_MS);
  const previewColor = link ? storedColor : settledColor;

  const pricingSaved = (view: MaterialPricingView) => {
    queryClient.setQueryData(calculatorSettingsKeys.pricing(), view);
    setRevision((current) => current + 1);
  };
  const colorSaved = (saved: ShareLinkView) => {
    queryClient.setQueryData(calculatorSettingsKeys.shareLink(), { link: saved });
    setRevision((current) => current + 1);
  };

  return (
    <>
      <BrandingCard
        draft={draft}
        storedColor={storedColor}
        hasShareLink={link !== null}
        locked={!access.customColors}
        canSave={access.autosave && access.customColors}
        onLocked={onLocked}
        onSaved={colorSaved}
      />
      <MaterialPricingCard
        initial={pricing}
        locked={!access.customPricing}
        canSave={access.autosave && access.customPricing}
        onLocked={onLocked}
        onSaved={pricingSaved}
      />
      <EmbedCodeCard
        ownerId={ownerId}
        color={color}
        link={link}
        locked={!access.embed}
        shareLinkLocked={!access.shareLink}
        onLocked={onLocked}
      />
      <LivePreview
        ownerId={ownerId}
        color={previewColor}
        revision={revision}
        locked={!access.preview}
        onLocked={onLocked}
      />
    </>
  );
}
