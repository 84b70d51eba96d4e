// The embed script's logic: contractors paste a snippet that queues a config on
// `window.RafterEmbed.q`; this mounts the estimator widget in an iframe and keeps the frame as
// tall as its content. It runs on other people's sites, so it stays tiny (no framework, only a
// constant from domain/), never throws into the host page and trusts only messages from its own
// frames.

import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import { EMBED_RESERVED_HEIGHT_PX } from '@rafter/domain/embed';

/** What the snippet pushes (or passes to `RafterEmbed.mount`). */
export interface RafterEmbedConfig {
  /** The contractor's id: leads from this widget go to them, priced with their prices. */
  ownerId: string;
  /** CSS selector of the element the widget goes into, e.g. '#rafter-estimator'. */
  selector: string;
  /** Brand colour passed to the widget (the widget defaults it to #16a34a). */
  color?: string;
  /** Where Rafter runs, e.g. 'https://rafter.app'. Defaults to the origin embed.js came from. */
  host?: string;
}

/** `window.RafterEmbed` once embed.js has run: `q.push(config)` and `mount(config)` both mount. */
export interface RafterEmbedApi {
  q: unknown[];
  mount(config: unknown): void;
}

declare global {
  interface Window {
    RafterEmbed?: { q?: unknown; mount?: unknown };
  }
}

export const IFRAME_TITLE = 'Roof replacement estimate';
/** The frame's height until the widget reports one, and its floor (see domain/src/embed.ts). */
export const INITIAL_HEIGHT_PX = EMBED_RESERVED_HEIGHT_PX;
export const MIN_HEIGHT_PX = 200;
export const MAX_HEIGHT_PX = 5000;
export const DEFAULT_COLOR = DEFAULT_BRAND_COLOR;
const MOUNTED_ATTRIBUTE = 'data-rafter-embed';

function logError(message: string): void {
  console.error(`[Rafter embed] ${message}`);
}

/** The origin of `value` when it is an http(s) URL, else null. */
function httpOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The UTM parameters the widget keeps (UTM_KEYS in domain/src/analytics.ts, without zod here). */
const UTM_PARAMETER = /^utm_(source|medium|campaign|term|content)$/;
/** A UTM value's longest length (UTM_MAX_LENGTH): the widget cuts it there anyway. */
const UTM_MAX_LENGTH = 100;

/**
 * The host page's part of the widget URL, for the visit's analytics: `&origin=…` (the page's
 * origin) and the page's own utm_* parameters. Empty for a page that is not http(s).
 */
export function hostParameters(location: { href: string; search: string }): string {
  const origin = httpOrigin(location.href);
  if (!origin) return '';
  let query = `&origin=${encodeURIComponent(origin)}`;
  new URLSearchParams(location.search).forEach((value, name) => {
    if (UTM_PARAMETER.test(name) && value && !query.includes(`&${name}=`)) {
      query += `&${name}=${encodeURIComponent(value.slice(0, UTM_MAX_LENGTH))}`;
    }
  });
  return query;
}

/** The widget URL for a config: `{host}/widget?ownerId=…&color=…&embed=1` and `hostQuery`. */
export function widgetUrl(origin: string, ownerId: string, color: string, hostQuery = ''): string {
  return `${origin}/widget?ownerId=${encodeURIComponent(ownerId)}&color=${encodeURIComponent(color)}&embed=1${hostQuery}`;
}

/** A height from a `rafter:resize` message, or null when the message is not a valid one. */
export function resizeHeight(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; height?: unknown };
  if (message.type !== 'rafter:resize') return null;
  const height = message.height;
  if (typeof height !== 'number' || !isFinite(height)) return null;
  if (height < MIN_HEIGHT_PX || height > MAX_HEIGHT_PX) return null;
  return Math.ceil(height);
}

/**
 * Installs `window.RafterEmbed` on `win`: mounts every queued config, makes later
 * `RafterEmbed.q.push(config)` calls mount at once, and exposes `RafterEmbed.mount(config)`.
 * `scriptSrc` is embed.js's own URL (`document.currentScript.src`), the default host.
 * Running it twice on one page keeps the first install.
 */
export function installRafterEmbed(win: Window, scriptSrc: string | null | undefined): void {
  const existing = win.RafterEmbed;
  if (existing && typeof existing.mount === 'function') return;
  const doc = win.document;
  const defaultOrigin = scriptSrc ? httpOrigin(scriptSrc) : null;

  function attach(container: Element, origin: string, ownerId: string, color: string): void {
    if (container.hasAttribute(MOUNTED_ATTRIBUTE)) return;
    container.setAttribute(MOUNTED_ATTRIBUTE, 'mounted');

    const iframe = doc.createElement('iframe');
    iframe.title = IFRAME_TITLE;
    iframe.setAttribute('loading', 'lazy');
    iframe.style.width = '100%';
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.style.height = `${INITIAL_HEIGHT_PX}px`;
    let hostQuery = '';
    try {
      hostQuery = hostParameters(win.location);
    } catch {
      // Without them the visit still counts, only without its site and campaign.
    }
    iframe.src = widgetUrl(origin, ownerId, color, hostQuery);

    win.addEventListener('message', (event: MessageEvent) => {
      // Only this frame's own window, showing the page from Rafter's origin, may resize it.
      const frameWindow = iframe.contentWindow;
      if (!frameWindow || event.source !== frameWindow || event.origin !== origin) return;
      const height = resizeHeight(event.data);
      // Never below the reserved height: the first step then loads without moving the page.
      if (height !== null) iframe.style.height = `${Math.max(height, INITIAL_HEIGHT_PX)}px`;
      // 'rafter:showSignup' and anything else: nothing for the host page to do.
    });

    container.appendChild(iframe);
  }

  function mount(config: unknown): void {
    try {
      if (typeof config !== 'object' || config === null) {
        logError('mount needs a config object: { ownerId, selector, color, host }.');
        return;
      }
      const { ownerId, selector, color, host } = config as Record<string, unknown>;
      if (typeof selector !== 'string' || !selector.trim()) {
        logError("config.selector is required (e.g. '#rafter-estimator').");
        return;
      }
      if (typeof ownerId !== 'string' || !ownerId.trim()) {
        logError('config.ownerId is required (copy the snippet from your Rafter dashboard).');
        return;
      }
      let origin: string | null;
      if (host === undefined || host === null || host === '') {
        origin = defaultOrigin;
        if (!origin) {
          logError("config.host is required (e.g. 'https://rafter.app').");
          return;
        }
      } else {
        origin = typeof host === 'string' ? httpOrigin(host) : null;
        if (!origin) {
          logError(`config.host must be an http(s) URL like 'https://rafter.app', got '${host}'.`);
          return;
        }
      }
      const brandColor = typeof color === 'string' && color.trim() ? color.trim() : DEFAULT_COLOR;
      const cleanSelector = selector.trim();
      const cleanOwnerId = ownerId.trim();
      const frameOrigin = origin;

      const find = (): Element | null | undefined => {
        try {
          return doc.querySelector(cleanSelector);
        } catch {
          logError(`config.selector '${cleanSelector}' is not a valid CSS selector.`);
          return undefined;
        }
      };
      const attachOrReport = (): void => {
        const container = find();
        if (container === undefined) return;
        if (container === null) {
          logError(`No element matches config.selector '${cleanSelector}'.`);
          return;
        }
        attach(container, frameOrigin, cleanOwnerId, brandColor);
      };

      const container = find();
      if (container === undefined) return;
      if (container) {
        attach(container, frameOrigin, cleanOwnerId, brandColor);
      } else if (doc.readyState === 'loading') {
        doc.addEventListener('DOMContentLoaded', attachOrReport, { once: true });
      } else {
        attachOrReport();
      }
    } catch (error) {
      // Never break the host page.
      logError(`Could not mount the estimator: ${String(error)}`);
    }
  }

  // Keep the snippet's own object and array (a page may hold references to them): the queued
  // configs are mounted, and `push` on the same array mounts from now on.
  const target: { q?: unknown; mount?: unknown } =
    existing && typeof existing === 'object' ? existing : {};
  const queue: unknown[] = Array.isArray(target.q) ? (target.q as unknown[]) : [];
  const pending = queue.splice(0, queue.length);
  queue.push = (...configs: unknown[]): number => {
    configs.forEach(mount);
    return queue.length;
  };
  target.q = queue;
  target.mount = mount;
  win.RafterEmbed = target;
  pending.forEach(mount);
}
