import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { isEmbeddableRoute, isServedWithoutOpenerPolicy } from '@rafter/domain/routes';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Endpoints that the embedded widget calls from other sites' pages. Only these answer
 * cross-origin requests; everything else (auth, dashboard data) is same-origin only.
 */
export const PUBLIC_WIDGET_ENDPOINTS = [
  '/api/get-material-pricing',
  '/api/get-shareable-link',
  '/api/capture-lead',
  '/api/roof-measurement',
  '/api/main-site-leads',
  '/api/form-token',
  // The estimator's funnel reports (sendBeacon), wherever the widget runs.
  '/api/analytics/events',
] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors's policy for one route (its README: "Route-Level CORS Overrides"). */
    cors?: boolean | FastifyCorsOptions;
  }
}

/** What those endpoints answer a cross-origin request or its preflight with. */
const PUBLIC_CORS = { origin: '*', methods: ['GET', 'POST'], maxAge: 600 };

export function isPublicWidgetEndpoint(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return PUBLIC_WIDGET_ENDPOINTS.some((endpoint) => path === endpoint);
}

const FRAME_ANCESTORS = /frame-ancestors [^;]*/;

type Headers = Record<string, string>;

/**
 * The headers helmet sets for `options`. None of ours depends on the request, so they are
 * computed once at start-up rather than by running helmet's middleware on every response.
 */
export function helmetHeaders(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Security headers on every response: nosniff, a CSP without inline scripts, and
 * `frame-ancestors 'self'` except on the embeddable pages, which any site may frame.
 */
export async function registerSecurity(
  app: FastifyInstance,
  isProduction: boolean,
  /** Where uploaded images are read from when they are not on this origin (S3_PUBLIC_URL). */
  imageOrigins: readonly string[] = [],
): Promise<void> {
  const own = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
      },
    },
    // The widget's iframe and the embed script are loaded by other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: isProduction,
  });
  // The pages strangers open at the top (the landing page) or in a frame (the embeddable ones) go
  // without Cross-Origin-Opener-Policy, which a frame ignores anyway: opened at the top, the
  // policy makes the browser move the page to a fresh renderer process, whose cold start (a new
  // V8 context, slower font lookups) was about half of their blocking time in Lighthouse's phone
  // run (docs/decisions/0026). The landing page leaves for any other page with a new document,
  // which has the policy.
  const { 'cross-origin-opener-policy': _openerPolicy, ...landing } = own;
  // The embeddable pages: any site may frame them.
  const { 'x-frame-options': _frameOptions, ...embeddable } = landing;
  embeddable['content-security-policy'] = own['content-security-policy']!.replace(
    FRAME_ANCESTORS,
    'frame-ancestors *',
  );

  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '/';
    reply.headers(
      isEmbeddableRoute(path) ? embeddable : isServedWithoutOpenerPolicy(path) ? landing : own,
    );
    done();
  });

  // Cross-origin requests: only the widget's endpoints answer them, each route's policy set once
  // as the route is registered. Not @fastify/cors's per-request `delegator`: the plugin rebuilds
  // the options it returns on every request, with a spread that on Node 20 builds a new hidden
  // class each time, costing every API request CPU and the young generation's collector work
  // (docs/decisions/0044).
  app.addHook('onRoute', (route) => {
    if (isPublicWidgetEndpoint(route.url)) route.config = { cors: PUBLIC_CORS, ...route.config };
  });
  await app.register(cors, { origin: false });
  // Their preflights: the plugin answers an OPTIONS request in its hook, with the route's policy.
  for (const endpoint of PUBLIC_WIDGET_ENDPOINTS) {
    app.options(endpoint, { config: { cors: PUBLIC_CORS } }, (_request, reply) => {
      void reply.code(204).send();
    });
  }
}
