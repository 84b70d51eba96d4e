import Box from '@mui/material/Box';
import { SiteFooter } from '../../components/SiteFooter';
import { ClosingSection } from '../../features/landing/components/ClosingSection';
import { FeaturesSection } from '../../features/landing/components/FeaturesSection';
import { Hero } from '../../features/landing/components/Hero';
import { HowItWorks } from '../../features/landing/components/HowItWorks';
import { LandingHeader } from '../../features/landing/components/LandingHeader';
import { PricingSection } from '../../features/landing/components/PricingSection';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function LandingPage() {
  useDocumentTitle();

  return (
    <>
      <LandingHeader />
      <Box component="main">
        <Hero />
        <HowItWorks />
        <FeaturesSection />
        <PricingSection />
        <ClosingSection />
      </Box>
      <SiteFooter />
    </>
  );
}
