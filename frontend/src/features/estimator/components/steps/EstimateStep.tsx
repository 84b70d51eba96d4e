import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUsd, type Estimate } from '@rafter/domain/estimate';
import { MATERIAL_LABELS, type Material } from '@rafter/domain/materials';
import { STORIES_LABELS, type Stories } from '@rafter/domain/property';
import type { RoofAreaAdjustment } from '@rafter/domain/roof-measurement';
import { StepActions } from '../StepActions';
import { StepLayout } from '../StepLayout';

const STORY_WORDS: Readonly<Record<NonNullable<RoofAreaAdjustment['stories']>, string>> = {
  two: 'two',
  three: 'three',
};

const sqFt = (area: number) => `${area.toLocaleString('en-US')} sq ft`;

/**
 * Why the area differs from the one 'Measurement Complete!' showed, e.g. 'Adjusted for a
 * two-story home: 1,236 sq ft (the 1,760 sq ft measured assumed one story).'
 */
export function areaAdjustmentText(adjustment: RoofAreaAdjustment, material: Material): string {
  const causes: string[] = [];
  const reasons: string[] = [];
  if (adjustment.stories) {
    causes.push(`a ${STORY_WORDS[adjustment.stories]}-story home`);
    reasons.push(`the ${sqFt(adjustment.measuredSqFt)} measured assumed one story`);
  }
  if (adjustment.materialBonus > 0) {
    const name = MATERIAL_LABELS[material].toLowerCase();
    causes.push(name);
    reasons.push(
      `${name} adds ${Math.round(adjustment.materialBonus * 100)}% for overlap and trim`,
    );
  }
  return `Adjusted for ${causes.join(' and ')}: ${sqFt(adjustment.areaSqFt)} (${reasons.join('; ')}).`;
}

interface EstimateStepProps {
  estimate: Estimate;
  roofAreaSqFt: number;
  /** Set when the area is not the one the measuring step showed. */
  areaAdjustment: RoofAreaAdjustment | null;
  address: string;
  material: Material;
  stories: Stories;
  /** Set once the quote request has been sent. */
  quoteSent: boolean;
  /** The landing page's demo, whose requests go to no one. */
  demo?: boolean;
  onBack: () => void;
  onGetQuote: () => void;
  focusTitle: boolean;
}

/** Step 6: Low, Average and High for the roof, and the way to an exact quote. */
export function EstimateStep({
  estimate,
  roofAreaSqFt,
  areaAdjustment,
  address,
  material,
  stories,
  quoteSent,
  demo = false,
  onBack,
  onGetQuote,
  focusTitle,
}: EstimateStepProps) {
  const amounts = [
    { label: 'Low', amount: estimate.low, highlight: false },
    { label: 'Average', amount: estimate.mid, highlight: true },
    { label: 'High', amount: estimate.high, highlight: false },
  ];
  return (
    <StepLayout
      title="Your Estimated Cost"
      description={
        <>
          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {address}
          </Box>
          <Box component="span" data-testid="estimate-basis">
            {sqFt(roofAreaSqFt)} · {MATERIAL_LABELS[material]} · {STORIES_LABELS[stories]}
          </Box>
          {areaAdjustment && (
            <Box
              component="span"
              data-testid="roof-area-adjustment"
              sx={{ display: 'block', mt: 0.5, fontSize: '0.875rem' }}
            >
              {areaAdjustmentText(areaAdjustment, material)}
            </Box>
          )}
        </>
      }
      focusTitle={focusTitle}
      onSubmit={onGetQuote}
      actions={<StepActions onBack={onBack} canContinue continueLabel="Get Exact Quote" />}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          // A list on phones, three columns from tablet width.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 1, sm: 1.5 },
        }}
      >
        {amounts.map(({ label, amount, highlight }) => (
          <Box
            key={label}
            sx={{
              px: 2,
              py: { xs: 1.25, sm: 2 },
              borderRadius: 2,
              display: 'flex',
              flexDirection: { xs: 'row', sm: 'column' },
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: 1,
              border: 2,
              borderColor: highlight ? 'primary.main' : 'divider',
              bgcolor: highlight ? 'action.hover' : 'grey.50',
            }}
          >
            <Typography component="dt" variant="body2" color="textSecondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 800,
                fontSize: { xs: '1.25rem', sm: '1.5rem' },
                whiteSpace: 'nowrap',
              }}
            >
              {formatUsd(amount)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
        This is an estimate. Actual prices vary with your roof&apos;s condition, its pitch and
        access, local labor and permit costs. Get an exact quote from a local roofing professional.
      </Typography>
      {quoteSent && (
        <Alert severity={demo ? 'info' : 'success'} sx={{ mt: 2 }}>
          {demo
            ? 'This was a demo: nothing was sent and no roofer will contact you.'
            : 'Your quote request has been sent. A roofing professional will contact you shortly.'}
        </Alert>
      )}
    </StepLayout>
  );
}
