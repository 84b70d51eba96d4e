import { useMemo } from 'react';
import { parseBrandColor } from '@rafter/domain/branding';
import { Estimator } from '../../features/estimator/components/Estimator';
import { useParentResize } from '../../features/estimator/hooks/use-parent-resize';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/hydration';
import styles from './widget-page.module.css';

/**
 * /widget?ownerId=&color=&embed=1: the estimator alone on a light background, as contractors'
 * sites show it in a frame. Without an owner it is the main-site flow. It has an entry of its own
 * (widget.html, src/widget-main.tsx) without the router: the query string is read once, as the
 * page never navigates. The page is prerendered without a query string (scripts/prerender.mjs):
 * the owner and the colour apply right after hydration, and the form token waits for them.
 * embed.js adds `origin=` (the host page's) and the host page's utm_* parameters, which tag the
 * visit's analytics.
 */
export default function WidgetPage() {
  const hydrated = useHydrated();
  const params = useMemo(
    () => new URLSearchParams(hydrated ? window.location.search : ''),
    [hydrated],
  );
  const ownerId = params.get('ownerId')?.trim() || null;
  const color = parseBrandColor(params.get('color'));
  const embedded = params.get('embed') === '1';
  // In a frame the page is exactly as tall as its content, so the frame can fit it.
  const framed = hydrated && window.parent !== window;
  useDocumentTitle('Roof replacement estimate');
  useParentResize();

  return (
    <main className={styles.page} data-fill={framed ? undefined : ''}>
      <h1 className={styles.title}>Roof replacement estimate</h1>
      <div className={styles.column}>
        <Estimator
          ownerId={ownerId}
          ownerPending={!hydrated}
          color={color}
          source={embedded ? 'embed' : 'widget'}
          origin={embedded ? params.get('origin') : null}
          utmQuery={params.toString()}
        />
      </div>
    </main>
  );
}
