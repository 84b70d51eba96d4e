import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { FunnelStep } from '@rafter/domain/funnel';
import { computeEstimate, type Estimate } from '@rafter/domain/estimate';
import type { QuoteForm } from '@rafter/domain/lead';
import { leadRoofArea, roofAreaAdjustment } from '@rafter/domain/roof-measurement';
import {
  toMaterialPricing,
  useMaterialPricing,
  type MaterialPricingResponse,
} from '../api/get-material-pricing';
import { useSubmitQuote, type LeadSource, type QuoteReceipt } from '../api/submit-quote';
import { AppTheme } from '../../../components/AppTheme';
import { BrandThemeProvider } from '../brand-theme';
import type { EstimatorAnswers, Step } from './estimator-state';
import type { FormTokenKeeper } from '../form-token/form-token-keeper';
import { EstimateReadyModal } from './quote/EstimateReadyModal';
import { QuoteDialog } from './quote/QuoteDialog';
import { AddressStep } from './steps/AddressStep';
import { EstimateStep } from './steps/EstimateStep';
import { MaterialStep } from './steps/MaterialStep';
import { OwnershipStep } from './steps/OwnershipStep';
import { StoriesStep } from './steps/StoriesStep';

/** Loaded only after a quote request, so the widget's first load does not carry it. */
const BookingPanel = lazy(() => import('./booking/BookingPanel'));

/** The quote dialog closes this long after success (spec section 9). */
export const OWNER_FLOW_CLOSE_MS = 3000;
export const MAIN_SITE_CLOSE_MS = 2000;

export interface EstimatorStepsProps {
  /** 2 to 6. */
  step: Step;
  onStepChange: (step: Step) => void;
  /** The brand colour ('#rrggbb') the steps' MUI components are themed with. */
  color: string;
  zipCode: string;
  answers: EstimatorAnswers;
  onAnswersChange: (update: (answers: EstimatorAnswers) => EstimatorAnswers) => void;
  ownerId: string | null;
  /** The landing page's demo: requests go to no one, and the texts say so. */
  demo: boolean;
  source: LeadSource;
  knownPricing: MaterialPricingResponse | undefined;
  formToken: FormTokenKeeper;
  focusTitle: boolean;
  /** The funnel steps reached here: the estimate shown, the quote requested, the booking. */
  onFunnelStep: (step: FunnelStep) => void;
  /** The counted visit's id (none with GPC or Do Not Track): the lead's won counts per source. */
  funnelVisitId?: () => string | undefined;
}

/** Fires the app-wide sign-up prompt, and tells the embedding page when inside its frame. */
function requestSignup() {
  window.dispatchEvent(new Event('showSignup'));
  if (window.parent !== window) window.parent.postMessage({ type: 'rafter:showSignup' }, '*');
}

/**
 * Steps 2 to 6 with the quote dialog and, in the main-site flow, the estimate-ready modal. They
 * are MUI components, so they bring the app's theme (with the brand colour as primary) along:
 * on /widget nothing above them loads MUI.
 */
export default function EstimatorSteps({ color, ...props }: EstimatorStepsProps) {
  return (
    <AppTheme>
      <BrandThemeProvider color={color}>
        <Steps {...props} />
      </BrandThemeProvider>
    </AppTheme>
  );
}

function Steps({
  step,
  onStepChange,
  zipCode,
  answers,
  onAnswersChange,
  ownerId,
  demo,
  source,
  knownPricing,
  formToken,
  focusTitle,
  onFunnelStep,
  funnelVisitId,
}: Omit<EstimatorStepsProps, 'color'>) {
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [readyEstimate, setReadyEstimate] = useState<Estimate | null>(null);
  const [bookingToken, setBookingToken] = useState<string | null>(null);
  const known = useMemo(
    () => (knownPricing ? toMaterialPricing(knownPricing) : undefined),
    [knownPricing],
  );
  const { pricing } = useMaterialPricing(ownerId, known);
  const submitQuote = useSubmitQuote();

  const { measured, ownership, material, stories } = answers;
  const update = (patch: Partial<EstimatorAnswers>) =>
    onAnswersChange((current) => ({ ...current, ...patch }));
  const back = () => onStepChange((step - 1) as Step);

  // The function the server prices the lead with: the area shown is the one the lead stores.
  const areaInput = { address: measured?.address, zipCode, stories, material };
  const roofArea =
    measured && material && stories ? leadRoofArea(measured.measurement, areaInput) : null;
  const estimate =
    roofArea !== null && material && pricing ? computeEstimate(roofArea, pricing[material]) : null;
  const estimateShown = step === 6 && estimate !== null;
  useEffect(() => {
    if (estimateShown) onFunnelStep('estimate');
  }, [estimateShown, onFunnelStep]);

  const submit = (
    contact: QuoteForm,
    website: string,
    onChecking: () => void,
    textConsent: boolean,
  ): Promise<QuoteReceipt> => {
    if (!measured || !ownership || !material || !stories || roofArea === null || !estimate) {
      return Promise.reject(new Error('The estimate is not complete'));
    }
    const lead = {
      ...contact,
      address: measured.address,
      zipCode,
      latitude: measured.location?.lat ?? null,
      longitude: measured.location?.lng ?? null,
      ownership,
      material,
      stories,
      roofArea,
      estimateLow: estimate.low,
      estimateMid: estimate.mid,
      estimateHigh: estimate.high,
    };
    // The demo stores nothing, so it needs no form token.
    if (demo) return submitQuote.mutateAsync({ flow: 'demo', payload: { lead, website } });
    return formToken.send(
      (proof) =>
        ownerId
          ? submitQuote
              .mutateAsync({
                flow: 'owner',
                payload: {
                  ownerId,
                  lead,
                  website,
                  source,
                  textConsent,
                  visitId: funnelVisitId?.(),
                  ...proof,
                },
              })
              .then((receipt) => {
                // Counted when the server took it, not when the success message closes.
                onFunnelStep('quote');
                return receipt;
              })
          : submitQuote.mutateAsync({ flow: 'main-site', payload: { lead, website, ...proof } }),
      onChecking,
    );
  };

  return (
    <>
      {step === 2 && (
        <AddressStep
          zipCode={zipCode}
          draft={answers.addressDraft}
          onDraftChange={(addressDraft) => update({ addressDraft })}
          onBack={back}
          onMeasured={(measurement, address) => {
            update({ measured: { ...address, measurement } });
            onStepChange(3);
          }}
          focusTitle={focusTitle}
        />
      )}
      {step === 3 && (
        <OwnershipStep
          ownership={ownership}
          onOwnershipChange={(next) => update({ ownership: next })}
          onBack={back}
          onContinue={() => onStepChange(4)}
          focusTitle={focusTitle}
        />
      )}
      {step === 4 && (
        <MaterialStep
          pricing={pricing}
          material={material}
          onMaterialChange={(next) => update({ material: next })}
          onBack={back}
          onContinue={() => onStepChange(5)}
          focusTitle={focusTitle}
        />
      )}
      {step === 5 && (
        <StoriesStep
          stories={stories}
          onStoriesChange={(next) => update({ stories: next })}
          onBack={back}
          onContinue={() => onStepChange(6)}
          focusTitle={focusTitle}
        />
      )}
      {step === 6 && measured && material && stories && estimate && roofArea !== null && (
        <EstimateStep
          estimate={estimate}
          roofAreaSqFt={roofArea}
          areaAdjustment={roofAreaAdjustment(measured.measurement, areaInput)}
          address={measured.address}
          material={material}
          stories={stories}
          quoteSent={answers.quoteSent}
          demo={demo}
          onBack={back}
          onGetQuote={() => {
            // A challenge, when the calculator is busy, is solved while the homeowner types.
            formToken.prepare();
            setQuoteOpen(true);
          }}
          focusTitle={focusTitle}
        />
      )}
      {step === 6 && bookingToken && (
        <Suspense fallback={null}>
          <BookingPanel token={bookingToken} onBooked={() => onFunnelStep('booked')} />
        </Suspense>
      )}
      <QuoteDialog
        open={quoteOpen}
        onClose={() => setQuoteOpen(false)}
        submit={submit}
        demo={demo}
        offerTextConsent={!!ownerId && !demo}
        closeDelayMs={ownerId ? OWNER_FLOW_CLOSE_MS : MAIN_SITE_CLOSE_MS}
        onDone={(receipt) => {
          setQuoteOpen(false);
          update({ quoteSent: true });
          if (!ownerId) setReadyEstimate(receipt.estimate);
          if (ownerId && !demo && receipt.bookingToken) setBookingToken(receipt.bookingToken);
        }}
      />
      <EstimateReadyModal
        estimate={readyEstimate}
        onClose={() => setReadyEstimate(null)}
        onSignup={() => {
          setReadyEstimate(null);
          requestSignup();
        }}
      />
    </>
  );
}
