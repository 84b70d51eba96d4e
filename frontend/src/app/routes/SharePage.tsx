import { memo, useDeferredValue } from 'react';
import { useLocation, useParams } from 'react-router';
import { DEFAULT_BRAND_COLOR, parseBrandColor } from '@rafter/domain/branding';
import { BrandThemeProvider } from '../../features/estimator/brand-theme';
import { Estimator } from '../../features/estimator/components/Estimator';
import {
  type ShareableLink,
  useShareableLink,
} from '../../features/share-page/api/get-shareable-link';
import { CalculatorNotFound } from '../../features/share-page/components/CalculatorNotFound';
import {
  FALLBACK_BUSINESS_ADDRESS,
  FALLBACK_BUSINESS_NAME,
  SharePageLayout,
} from '../../features/share-page/components/SharePageLayout';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The contractor's name as the page shows it. */
function businessName(link: ShareableLink): string {
  return link.businessProfile.business_name?.trim() || FALLBACK_BUSINESS_NAME;
}

/**
 * /calc/:slug: a contractor's public calculator page, leads going to that contractor. The page
 * is prerendered (scripts/prerender.mjs) before its link loads: the layout and the calculator's
 * first step in the default colours, the contractor's name and logo filled in when the link
 * answers, in room kept for them.
 */
export default function SharePage() {
  const slug = (useParams().slug ?? '').trim();
  const link = useShareableLink(slug);
  // The share link's own utm_* parameters tag the visit (a link posted per campaign).
  const { search } = useLocation();
  // The contractor's colours restyle the whole page: that render runs in a transition, in
  // slices that leave the browser free to answer the visitor meanwhile.
  const data = useDeferredValue(link.data);
  useDocumentTitle(link.data ? `${businessName(link.data)} roof estimate` : 'Roof estimate');

  if (slug === '' || (link.error instanceof ApiError && link.error.status === 400)) {
    return <CalculatorNotFound message="Invalid link" />;
  }
  if (link.isError) {
    return link.error instanceof ApiError && link.error.status === 404 ? (
      <CalculatorNotFound message="Calculator link not found or inactive" />
    ) : (
      <CalculatorNotFound message="Failed to load calculator" onRetry={() => void link.refetch()} />
    );
  }

  return <SharePageContent data={data} search={search} />;
}

/**
 * The page for the contractor's link data (undefined until it answers). A component of its own,
 * memoized: when the link answers, SharePage re-renders at once with the deferred value still
 * the old one, and this returns without rendering anything; the restyled page then renders in
 * the deferred pass, in slices.
 */
const SharePageContent = memo(function SharePageContent({
  data,
  search,
}: {
  data: ShareableLink | undefined;
  search: string;
}) {
  const color = data ? parseBrandColor(data.linkData.brand_color) : DEFAULT_BRAND_COLOR;
  return (
    <BrandThemeProvider color={color}>
      <SharePageLayout
        business={
          data
            ? {
                name: businessName(data),
                address: data.businessProfile.address?.trim() || FALLBACK_BUSINESS_ADDRESS,
                logoUrl: data.businessProfile.logo_url,
              }
            : null
        }
        calculator={
          <Estimator
            ownerId={data?.linkData.user_id ?? null}
            ownerPending={!data}
            color={color}
            source="share_page"
            utmQuery={search}
            pricing={data?.materialPricing}
          />
        }
      />
    </BrandThemeProvider>
  );
});
