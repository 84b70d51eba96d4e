import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { isEmbeddableRoute } from '@rafter/domain/routes';
import type { FastifyInstance } from 'fastify';

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
] as const;

export function isPublicWidgetEndpoint(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return PUBLIC_WIDGET_ENDPOINTS.some((endpoint) => path === endpoint);
}

const FRAME_ANCESTORS = /frame-ancestors [^;]*/;

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
  await app.register(helmet, {
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

  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!isEmbeddableRoute(path)) return;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header('content-security-policy', csp.replace(FRAME_ANCESTORS, 'frame-ancestors *'));
    }
  });

  await app.register(cors, {
    delegator: (request, callback) => {
      const open = isPublicWidgetEndpoint(request.url ?? '');
      callback(
        null,
        open ? { origin: '*', methods: ['GET', 'POST'], maxAge: 600 } : { origin: false },
      );
    },
  });
}
