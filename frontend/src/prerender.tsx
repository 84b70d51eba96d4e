/**
 * The build's server render (scripts/prerender.mjs runs it after `vite build`): the first screen
 * of `/`, `/widget` and `/calc/:slug` as HTML, from the same components and providers the
 * browser entries (main.tsx, widget-main.tsx, share-main.tsx) render, so the browser paints real content before
 * any script runs and then hydrates it (lib/render-root.tsx).
 */
import './lib/zod-jitless';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { ShareApp } from './app/ShareApp';
import { WidgetApp } from './app/WidgetApp';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /**
   * One `<style>` element with the emotion (MUI) rules the markup uses, for the `<head>`, in the
   * format emotion's browser cache hydrates from; empty when the markup has no MUI component.
   */
  styles: string;
}

async function render(app: ReactNode): Promise<PrerenderedPage> {
  // In compat mode emotion keeps the rules it generates on the cache instead of writing
  // <style> elements beside the markup; they go in the <head> in the format the browser's
  // cache hydrates from (key, then the names of the rules it already has).
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>{app}</CacheProvider>
    </StrictMode>,
    {
      // Every boundary inline, in document order: outlined ones would need an inline script
      // to move them into place, which the CSP blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error;
      },
    },
  );
  const html = await new Response(prelude).text();
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    names.push(name);
    css += rules;
  }
  // `data-s`: emotion's default cache, created when the app's scripts load, leaves the element
  // where it is instead of first moving it to the end of the head. Its hydration then appends it
  // once more, to the same place: the build makes it the head's last stylesheet
  // (scripts/prerender.mjs), so no stylesheet changes order while the app loads.
  return {
    html,
    // None on a page drawn without MUI (/widget's first step).
    styles: names.length
      ? `<style data-emotion="css ${names.join(' ')}" data-s="">${css}</style>`
      : '',
  };
}

function app(location: string): ReactNode {
  return (
    <AppProviders>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
}

export const PAGES = {
  /** `/`: the landing page. */
  home: () => render(app('/')),
  /**
   * `/calc/:slug`: the share page before its slug is read and its contractor's data arrives, the
   * same shell for every slug.
   */
  share: () => render(<ShareApp />),
  /** `/widget`: the estimator's first step, without an owner or a brand colour. */
  widget: () => render(<WidgetApp />),
} as const;
