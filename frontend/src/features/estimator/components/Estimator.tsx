import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { MaterialPricingResponse } from '../api/get-material-pricing';
import type { LeadSource } from '../api/submit-quote';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import { BrandStyleContext, brandStyle } from '../brand-colors';
import { INITIAL_ANSWERS, type EstimatorAnswers, type Step } from './estimator-state';
import { estimatorFunnelStep, useFunnel } from '../analytics/use-funnel';
import { EstimatorProgress } from './EstimatorProgress';
import { useFormToken } from '../form-token/use-form-token';
import { isCompleteZipCode, ZipCodeStep } from './steps/ZipCodeStep';
import styles from './estimator.module.css';

// Steps 2 to 6 (dialogs, form validation, prices, and MUI with its theme) are a separate chunk,
// fetched once the visitor has typed the zip code: the first step is plain HTML and CSS, so a
// phone shows and hydrates it without MUI and emotion.
const loadLaterSteps = () => import('./EstimatorSteps');
const EstimatorSteps = lazy(loadLaterSteps);

export interface EstimatorProps {
  /** The contractor who gets the lead; without one this is the main-site flow. */
  ownerId?: string | null;
  /**
   * The live demo on Rafter's landing page: quote requests are answered but go to no one (not
   * the main-site flow, which offers them to contractors), and the texts say so.
   */
  demo?: boolean;
  /**
   * The owner is not known yet (a prerendered page before hydration, a share page before its
   * link loads): the first step shows, and the form token is fetched once the owner is known.
   */
  ownerPending?: boolean;
  /** Brand colour as '#rrggbb'. */
  color?: string;
  /** Where an owner-flow lead came from. */
  source?: LeadSource;
  /** The contractor's prices when the page already has them (the share link's). */
  pricing?: MaterialPricingResponse;
  /** The page that embeds the widget (embed.js passes its origin), for analytics. */
  origin?: string | null;
  /** The query string whose utm_* parameters tag the visit (the share link's, the host page's). */
  utmQuery?: string;
}

function StepLoading() {
  return (
    <div role="status" className={styles.loading}>
      <div className={styles.spinner} role="progressbar" aria-label="Loading" />
    </div>
  );
}

/**
 * The six-step roof estimator: zip code, address and measurement, ownership, material,
 * stories, then the estimate and the quote request.
 */
export function Estimator({
  ownerId = null,
  ownerPending = false,
  demo = false,
  color = DEFAULT_BRAND_COLOR,
  source = 'widget',
  pricing,
  origin,
  utmQuery,
}: EstimatorProps) {
  // Fetched as the widget appears: the server accepts a quote request only with it, and no
  // sooner than a person could fill the form after it was issued. The demo stores nothing and
  // needs none.
  const formToken = useFormToken(ownerId, !demo && !ownerPending);
  const [step, setStep] = useState<Step>(1);
  // Focus follows the visitor from step to step, but is not taken when the page opens.
  const [navigated, setNavigated] = useState(false);
  const [zipCode, setZipCode] = useState('');
  const [answers, setAnswers] = useState<EstimatorAnswers>(INITIAL_ANSWERS);

  const zipComplete = isCompleteZipCode(zipCode);
  useEffect(() => {
    if (zipComplete) void loadLaterSteps();
  }, [zipComplete]);

  // A contractor's visits are counted (docs/analytics.md); the demo and the main site's are not.
  // With them the material chosen and, once measured, the address's ZIP code (the one the
  // measurement and the lead carry), never the street.
  const counted = !!ownerId && !demo && !ownerPending;
  const funnel = useFunnel(counted ? { ownerId, source, origin, utmQuery } : null, {
    material: answers.material ?? undefined,
    zipCode: answers.measured && zipComplete ? zipCode : undefined,
  });
  const funnelStep = estimatorFunnelStep(step, zipComplete, answers.measured !== null);
  useEffect(() => {
    funnel.reach(funnelStep);
  }, [funnel, funnelStep]);

  const brand = useMemo(() => brandStyle(color), [color]);

  const goTo = (next: Step) => {
    setNavigated(true);
    setStep(next);
  };

  return (
    <BrandStyleContext value={brand}>
      <section aria-label="Roof replacement estimate" className={styles.card} style={brand}>
        <EstimatorProgress step={step} />
        {step === 1 ? (
          <ZipCodeStep
            zipCode={zipCode}
            onZipCodeChange={setZipCode}
            onContinue={() => goTo(2)}
            focusTitle={navigated}
          />
        ) : ownerPending ? (
          // Continued before the owner was known: the next steps wait for the right one.
          <StepLoading />
        ) : (
          <Suspense fallback={<StepLoading />}>
            <EstimatorSteps
              step={step}
              onStepChange={goTo}
              color={color}
              zipCode={zipCode}
              answers={answers}
              onAnswersChange={setAnswers}
              ownerId={ownerId}
              demo={demo}
              source={source}
              knownPricing={pricing}
              formToken={formToken}
              focusTitle={navigated}
              onFunnelStep={funnel.reach}
              funnelVisitId={funnel.visitId}
            />
          </Suspense>
        )}
      </section>
    </BrandStyleContext>
  );
}
