import Box from '@mui/material/Box';
import { SiteFooter } from '../../components/SiteFooter';
import { HeaderAuthButtons } from '../../features/auth/components/HeaderAuthButtons';
import { useAuthDialog } from '../../features/auth/hooks/use-auth-dialog';
import { useLandingAuthLinks } from '../../features/auth/hooks/use-landing-auth-links';
import { usePlanSelection } from '../../features/auth/hooks/use-plan-selection';
import { ClosingSection } from '../../features/landing/components/ClosingSection';
import { FeaturesSection } from '../../features/landing/components/FeaturesSection';
import { Hero } from '../../features/landing/components/Hero';
import { HowItWorks } from '../../features/landing/components/HowItWorks';
import { LandingHeader } from '../../features/landing/components/LandingHeader';
import { PricingSection } from '../../features/landing/components/PricingSection';
import { DeferredVoiceAssistant } from '../../features/voice/components/DeferredVoiceAssistant';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function LandingPage() {
  useDocumentTitle();
  useLandingAuthLinks();
  const selectPlan = usePlanSelection();
  const dialog = useAuthDialog();

  return (
    <>
      <LandingHeader actions={<HeaderAuthButtons />} />
      <Box component="main">
        <Hero />
        <HowItWorks />
        <FeaturesSection />
        <PricingSection onSelectPlan={selectPlan} onPlanIntent={dialog.preload} />
        <ClosingSection />
      </Box>
      <SiteFooter />
      <DeferredVoiceAssistant />
    </>
  );
}
