import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES, isEmbeddableRoute } from '@rafter/domain/routes';
import { AuthDialogProvider } from '../features/auth/components/AuthDialogProvider';
import { isInForeignFrame } from './foreign-frame';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ScrollManager } from './ScrollManager';
import styles from './page-loading.module.css';

// Each page is its own chunk, so a visitor downloads only the page they open. The embedded
// /widget is not here: it has an entry of its own (widget.html) without the router. Nor is
// /calc/:slug when loaded directly (share.html); it is a route for a visit that reaches it inside
// the app. The build's loader for `/` (scripts/prerender.mjs) adds the page's chunk beside
// React's, so on a phone network it still loads in parallel with React instead of after it.
/**
 * A page chunk that `preloadPage` can load before the app starts: once loaded, React.lazy takes
 * it synchronously (a thenable that answers at once), so hydrating a prerendered page never
 * suspends on its own code, and the page's server HTML is hydrated, not replaced.
 */
function preloadable<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Page = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: T }) => void) => resolve(loaded!) } as Promise<{
          default: T;
        }>)
      : preload(),
  );
  return { Page, preload };
}

const landing = preloadable(() => import('./routes/LandingPage'));
const LandingPage = landing.Page;

/**
 * Loads the code of the page at `pathname` when it is the prerendered one this entry serves, the
 * landing page (/widget and /calc/:slug have entries of their own).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  return pathname === APP_ROUTES.home ? landing.preload() : Promise.resolve();
}
// A share page reached inside the app.
const SharePage = lazy(() => import('./routes/SharePage'));
const TermsPage = lazy(() => import('./routes/TermsPage'));
const PrivacyPage = lazy(() => import('./routes/PrivacyPage'));
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));
const DashboardPage = lazy(() => import('./routes/DashboardPage'));
const ResetPasswordPage = lazy(() => import('./routes/ResetPasswordPage'));
const SubscribePage = lazy(() => import('./routes/SubscribePage'));
const ForeignFrameRefusal = lazy(() => import('./ForeignFrameRefusal'));
// MUI's theme for every page but the landing page, which is drawn without MUI (its dialogs and
// the demo's later steps bring the theme with them).
const AppTheme = lazy(() => import('../components/AppTheme'));

/**
 * Page routes. Every path must be in `APP_ROUTES`: the server answers 404 for any other path,
 * and the catch-all shows the not-found page.
 */
export const routes: RouteObject[] = [
  { path: APP_ROUTES.home, element: <LandingPage /> },
  { path: APP_ROUTES.terms, element: <TermsPage /> },
  { path: APP_ROUTES.privacy, element: <PrivacyPage /> },
  { path: APP_ROUTES.sharePage, element: <SharePage /> },
  { path: APP_ROUTES.dashboard, element: <DashboardPage /> },
  { path: APP_ROUTES.resetPassword, element: <ResetPasswordPage /> },
  { path: APP_ROUTES.subscribe, element: <SubscribePage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** A thin bar across the top while a page's code loads. */
function PageLoading() {
  return (
    <div role="progressbar" aria-label="Loading page" className={styles.bar}>
      <div className={styles.fill} />
    </div>
  );
}

/**
 * The routed pages, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests),
 * with the auth dialog that any page can open. Inside another site's frame only the share page
 * renders; every other route, however it was reached, is refused there.
 */
export function AppRoutes() {
  const page = useRoutes(routes);
  const { pathname } = useLocation();
  const [foreignFrame] = useState(isInForeignFrame);

  if (foreignFrame && !isEmbeddableRoute(pathname)) {
    return (
      <Suspense fallback={null}>
        <ForeignFrameRefusal />
      </Suspense>
    );
  }

  return (
    <PageErrorBoundary pathname={pathname}>
      <AuthDialogProvider>
        <Suspense fallback={<PageLoading />}>
          {pathname === APP_ROUTES.home ? page : <AppTheme>{page}</AppTheme>}
          <ScrollManager />
        </Suspense>
      </AuthDialogProvider>
    </PageErrorBoundary>
  );
}
