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
} as const;

export type AppRoute = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

/** Routes that other sites may show in a frame: the embedded widget and the share pages. */
export const EMBEDDABLE_ROUTE_PREFIXES = ['/widget', '/calc/'] as const;

const patterns = Object.values(APP_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

/** True when `pathname` is one of the app's page routes. */
export function isAppRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/** True when `pathname` may be framed by any site. */
export function isEmbeddableRoute(pathname: string): boolean {
  return pathname === '/widget' || pathname.startsWith('/widget/') || pathname.startsWith('/calc/');
}
