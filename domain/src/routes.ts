// The app's page routes (spec section 2). The frontend router and the server's HTML fallback
// both read this list, so an unknown path is a real 404 for browsers and crawlers alike.
export const APP_ROUTES = {
  home: '/',
  widget: '/widget',
  sharePage: '/calc/:slug',
  subscribe: '/subscribe',
  dashboard: '/dashboard',
  terms: '/terms',
  privacy: '/privacy',
  resetPassword: '/reset-password',
  /** The public API reference (Redoc), a static page beside the app. */
  developers: '/developers',
} as const;

export type AppRoute = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

/**
 * The pages other sites may show in a frame, and nothing that merely starts like them: a path
 * such as /widget/x or /calc/a/b is served the whole app (its not-found page, whose links lead
 * on to the dashboard), so it must keep the frame ban.
 */
const EMBEDDABLE_ROUTES = [/^\/widget$/, /^\/calc\/[A-Za-z0-9_-]+$/];

const patterns = Object.values(APP_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

/** True when `pathname` is one of the app's page routes. */
export function isAppRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/** True when `pathname` may be framed by any site: exactly /widget or /calc/:slug. */
export function isEmbeddableRoute(pathname: string): boolean {
  return EMBEDDABLE_ROUTES.some((pattern) => pattern.test(pathname));
}

/**
 * True when `pathname` is served without Cross-Origin-Opener-Policy: the embeddable pages and the
 * landing page, which strangers open at the top, often on a phone, where the policy starts them in
 * a fresh renderer process (docs/decisions/0026). Every other page keeps it, so a document that
 * starts on one of these never turns into another page in place (frontend/src/app/app-history.ts).
 */
export function isServedWithoutOpenerPolicy(pathname: string): boolean {
  return pathname === APP_ROUTES.home || isEmbeddableRoute(pathname);
}

const SHARE_PAGE = /^\/calc\/([^/]+)\/?$/;

/**
 * The slug of a share page's path (`/calc/:slug`, a trailing slash allowed), decoded and trimmed
 * as the router gives it: '' when it is blank or not a valid escape (the page says the link is
 * invalid); null when `pathname` is not a share page at all. The server answers such a path with
 * the share page, and the page reads its slug with this.
 */
export function sharePageSlug(pathname: string): string | null {
  const match = SHARE_PAGE.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!).trim();
  } catch {
    return '';
  }
}
