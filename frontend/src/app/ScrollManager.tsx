import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';
import { isServedWithoutOpenerPolicy } from '@rafter/domain/routes';

/** Scroll position per history entry, for back and forward. */
const savedPositions = new Map<string, number>();

/**
 * Entries the router creates have a unique key. Entries the browser creates itself (an in-page
 * #anchor link, the first page load) all share the key 'default', so those go by their URL.
 */
function entryId({ key, pathname, search, hash }: Location): string {
  return key === 'default' ? `${pathname}${search}${hash}` : key;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * How the browser reached this document: 'navigate' (a link, a typed address), 'reload' or
 * 'back_forward'.
 */
function documentNavigationType(): string {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type ?? 'navigate';
}

function scrollToFragment(hash: string, behavior: ScrollBehavior): boolean {
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  target?.scrollIntoView({ behavior });
  return target !== null;
}

/**
 * Scrolls like a multi-page site: a new page starts at the top, or at its #fragment, and back
 * and forward return to where the reader was. Rendered inside the page's Suspense boundary, so
 * it runs once the lazily loaded page is on screen.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef<string | null>(null);
  const id = entryId(location);
  const { pathname, hash } = location;

  useEffect(() => {
    // A document that started on a page served without the opener policy (the landing page)
    // leaves it with a new document (app-history.ts), so the browser's own restoration takes the
    // reader back there, the moment the prerendered page is parsed. Every other document moves
    // between pages in place, where the browser cannot know each page's height.
    window.history.scrollRestoration = isServedWithoutOpenerPolicy(window.location.pathname)
      ? 'auto'
      : 'manual';
  }, []);

  // Switched with the commit that changes the page: a scroll event caused by the new page's
  // height (the browser clamping scrollY) must not be saved as the old page's position.
  useLayoutEffect(() => {
    const save = () => savedPositions.set(id, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [id]);

  useEffect(() => {
    const firstPage = previousPathname.current === null;
    const samePage = previousPathname.current === pathname;
    previousPathname.current = pathname;
    if (firstPage) {
      // The browser placed the document's first page: at the top, at its #fragment, or where the
      // reader was when they come back or reload. A reader who scrolled before the app started
      // keeps their place. Only a fragment is aimed at again: the layout may have moved since.
      if (documentNavigationType() === 'navigate') scrollToFragment(hash, 'instant');
      return;
    }
    // Within a page a smooth scroll shows the reader where they went, unless they asked for
    // less motion; a new page should appear in place.
    const behavior: ScrollBehavior = samePage && !prefersReducedMotion() ? 'smooth' : 'instant';

    if (navigationType === 'POP') {
      const saved = savedPositions.get(id);
      if (saved !== undefined) window.scrollTo({ top: saved, behavior });
      else if (!scrollToFragment(hash, behavior) && !samePage) {
        window.scrollTo({ top: 0, behavior });
      }
      return;
    }
    // A same-page push or replace (a filter in the query string, say) keeps the reader's place.
    if (samePage) {
      scrollToFragment(hash, behavior);
      return;
    }
    if (!scrollToFragment(hash, behavior)) window.scrollTo({ top: 0, behavior });
  }, [id, pathname, hash, navigationType]);

  return null;
}
