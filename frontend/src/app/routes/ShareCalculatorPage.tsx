import { lazy, memo, Suspense, useDeferredValue, useMemo } from 'react';
import { DEFAULT_BRAND_COLOR, parseBrandColor } from '@rafter/domain/branding';
import { brandStyle } from '../../features/estimator/brand-colors';
import { Estimator } from '../../features/estimator/components/Estimator';
import {
  type ShareableLink,
  useShareableLink,
} from '../../features/share-page/api/get-shareable-link';
import {
  FALLBACK_BUSINESS_ADDRESS,
  FALLBACK_BUSINESS_NAME,
  SharePageLayout,
} from '../../features/share-page/components/SharePageLayout';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

// The error states are MUI pages: loaded only when a link fails, so the page itself is shown
// and hydrated without MUI.
const CalculatorNotFound = lazy(
  () => import('../../features/share-page/components/CalculatorNotFound'),
);

/** The contractor's name as the page shows it. */
function businessName(link: ShareableLink): string {
  return link.businessProfile.business_name?.trim() || FALLBACK_BUSINESS_NAME;
}

interface ShareCalculatorPageProps {
  /** The link's slug; null while it is not known yet (the prerendered page, before hydration). */
  slug: string | null;
  /** The page's query string, whose utm_* parameters tag the visit (a link posted per campaign). */
  search: string;
}

/**
 * A contractor's public calculator page, leads going to that contractor: /calc/:slug, loaded on
 * its own (ShareApp) or reached inside the app (SharePage). The page is prerendered
 * (scripts/prerender.mjs) before its link loads: the layout and the calculator's first step in the
 * default colours, the contractor's name and logo filled in when the link answers, in room kept
 * for them.
 */
export function ShareCalculatorPage({ slug, search }: ShareCalculatorPageProps) {
  const link = useShareableLink(slug ?? '');
  // The contractor's colours restyle the whole page: that render runs in a transition, in
  // slices that leave the browser free to answer the visitor meanwhile.
  const data = useDeferredValue(link.data);
  useDocumentTitle(link.data ? `${businessName(link.data)} roof estimate` : 'Roof estimate');

  const failure =
    slug === '' || (link.error instanceof ApiError && link.error.status === 400)
      ? { message: 'Invalid link' }
      : link.isError
        ? link.error instanceof ApiError && link.error.status === 404
          ? { message: 'Calculator link not found or inactive' }
          : { message: 'Failed to load calculator', onRetry: () => void link.refetch() }
        : null;
  if (failure) {
    return (
      <Suspense fallback={null}>
        <CalculatorNotFound {...failure} />
      </Suspense>
    );
  }

  return <SharePageContent data={data} search={search} />;
}

/**
 * The page for the contractor's link data (undefined until it answers). A component of its own,
 * memoized: when the link answers, the page re-renders at once with the deferred value still
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
  const brand = useMemo(() => brandStyle(color), [color]);
  return (
    <SharePageLayout
      style={brand}
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
  );
});
