import { lazy } from 'react';
import { DEMO_BRAND_COLOR } from '@rafter/domain/branding';
import { DeferHydration } from '../../components/DeferHydration';
import { SiteFooter } from '../../components/SiteFooter';
import { HeaderAuthButtons } from '../../features/auth/components/HeaderAuthButtons';
import { useAuthDialog } from '../../features/auth/hooks/use-auth-dialog';
import { useLandingAuthLinks } from '../../features/auth/hooks/use-landing-auth-links';
import { usePlanSelection } from '../../features/auth/hooks/use-plan-selection';
import { ClosingSection } from '../../features/landing/components/ClosingSection';
import { ComparisonSection } from '../../features/landing/components/ComparisonSection';
import { DemoSection } from '../../features/landing/components/DemoSection';
import { EndorsementSection } from '../../features/landing/components/EndorsementSection';
import { FeaturesSection } from '../../features/landing/components/FeaturesSection';
import { Hero } from '../../features/landing/components/Hero';
import { HowItWorks } from '../../features/landing/components/HowItWorks';
import { LandingHeader } from '../../features/landing/components/LandingHeader';
import { PricingSection } from '../../features/landing/components/PricingSection';
import { DeferredVoiceAssistant } from '../../features/voice/components/DeferredVoiceAssistant';
import { useDocumentTitle } from '../../lib/use-document-title';

// The live demo's calculator loads only when its section nears the screen (DemoSection).
const DemoEstimator = lazy(() =>
  import('../../features/estimator/components/Estimator').then((module) => ({
    default: module.Estimator,
  })),
);

// The sections take no props from the page, so they are made once: when the page re-renders
// (the session check answering, say), React skips them instead of rendering the page again.
// Below the first screen, each hydrates from the prerendered HTML only when it nears the screen
// or is used (DeferHydration).
const HEADER = <LandingHeader actions={<HeaderAuthButtons />} />;
const HERO = <Hero />;
const BEFORE_PRICING = (
  <>
    <DeferHydration>
      <ComparisonSection />
    </DeferHydration>
    <DeferHydration>
      <HowItWorks />
    </DeferHydration>
    <DeferHydration>
      <FeaturesSection />
    </DeferHydration>
  </>
);
const AFTER_PRICING = (
  <>
    <DeferHydration>
      <DemoSection>
        <DemoEstimator color={DEMO_BRAND_COLOR} demo />
      </DemoSection>
    </DeferHydration>
    <DeferHydration>
      <EndorsementSection />
    </DeferHydration>
    <DeferHydration>
      <ClosingSection />
    </DeferHydration>
  </>
);
/** The plans, with the hooks their buttons need inside, so the page passes them nothing. */
function Pricing() {
  const selectPlan = usePlanSelection();
  const dialog = useAuthDialog();
  return <PricingSection onSelectPlan={selectPlan} onPlanIntent={dialog.preload} />;
}
// A section waiting to hydrate must not receive new props: React would replace its HTML.
const PRICING = (
  <DeferHydration>
    <Pricing />
  </DeferHydration>
);
/** The voice assistant, told by the page when the sign-in dialog is open and how to open it. */
function VoiceAssistant() {
  const dialog = useAuthDialog();
  return (
    <DeferredVoiceAssistant authDialogOpen={dialog.isOpen} onSignup={() => dialog.open('signup')} />
  );
}
const FOOTER = (
  <DeferHydration>
    <SiteFooter />
  </DeferHydration>
);

export default function LandingPage() {
  useDocumentTitle();
  useLandingAuthLinks();

  return (
    <>
      {HEADER}
      <main>
        {HERO}
        {BEFORE_PRICING}
        {PRICING}
        {AFTER_PRICING}
      </main>
      {FOOTER}
      <VoiceAssistant />
    </>
  );
}
