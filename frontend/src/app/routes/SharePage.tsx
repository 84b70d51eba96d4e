import { useParams } from 'react-router';
import { parseBrandColor } from '@rafter/domain/branding';
import { BrandThemeProvider } from '../../features/estimator/brand-theme';
import { Estimator } from '../../features/estimator/components/Estimator';
import { useShareableLink } from '../../features/share-page/api/get-shareable-link';
import { CalculatorNotFound } from '../../features/share-page/components/CalculatorNotFound';
import {
  FALLBACK_BUSINESS_ADDRESS,
  FALLBACK_BUSINESS_NAME,
  SharePageLayout,
} from '../../features/share-page/components/SharePageLayout';
import { SharePageLoading } from '../../features/share-page/components/SharePageLoading';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /calc/:slug: a contractor's public calculator page, leads going to that contractor. */
export default function SharePage() {
  const slug = (useParams().slug ?? '').trim();
  const link = useShareableLink(slug);
  const businessName = link.data?.businessProfile.business_name?.trim() || FALLBACK_BUSINESS_NAME;
  useDocumentTitle(link.data ? `${businessName} roof estimate` : 'Roof estimate');

  if (slug === '' || (link.error instanceof ApiError && link.error.status === 400)) {
    return <CalculatorNotFound message="Invalid link" />;
  }
  if (link.isPending) return <SharePageLoading />;
  if (link.isError) {
    return link.error instanceof ApiError && link.error.status === 404 ? (
      <CalculatorNotFound message="Calculator link not found or inactive" />
    ) : (
      <CalculatorNotFound message="Failed to load calculator" onRetry={() => void link.refetch()} />
    );
  }

  const { linkData, businessProfile, materialPricing } = link.data;
  const color = parseBrandColor(linkData.brand_color);
  return (
    <BrandThemeProvider color={color}>
      <SharePageLayout
        business={{
          name: businessName,
          address: businessProfile.address?.trim() || FALLBACK_BUSINESS_ADDRESS,
          logoUrl: businessProfile.logo_url,
        }}
        calculator={
          <Estimator
            ownerId={linkData.user_id}
            color={color}
            source="share_page"
            pricing={materialPricing}
          />
        }
      />
    </BrandThemeProvider>
  );
}
