import { EXAMPLE_LEAD } from '../webhooks/webhook-payloads';

/** Examples for the public API's OpenAPI document (/api/v1/openapi.json). */

const LEAD_ID = '3f6c2a9e-8d41-4b7a-9c15-2e0d7b4f6a81';

export const LEAD_EXAMPLE = {
  ...EXAMPLE_LEAD,
  id: LEAD_ID,
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  source: 'api',
};

export const LEAD_PAGE_EXAMPLE = {
  items: [LEAD_EXAMPLE],
  nextCursor: 'eyJrIjoiMjAyNi0xMi0wMVQxNTowNDowNS4wMDBaIiwiaWQiOiIzZjZjMmE5ZSJ9',
};

export const TIMELINE_NOTE_EXAMPLE = {
  id: '9b1d3c47-5e2f-4a68-8c90-1f2e3d4c5b6a',
  type: 'note_added',
  at: '2026-12-01T16:00:00.000Z',
  fromStatus: null,
  toStatus: null,
  note: 'Called back, inspection booked for Friday 9am',
  detail: null,
};

export const LEAD_DETAIL_EXAMPLE = {
  ...LEAD_EXAMPLE,
  spam: false,
  scoreReasons: [{ reason: 'Owns the home', points: 20 }],
  soldPrice: null,
  timeline: [
    {
      id: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
      type: 'created',
      at: '2026-12-01T15:04:05.000Z',
      fromStatus: null,
      toStatus: null,
      note: null,
      detail: null,
    },
  ],
};

export const CREATE_LEAD_EXAMPLE = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.com',
  phone: '(512) 555-0100',
  address: '123 Main St, Austin, TX 78701, USA',
  zipCode: '78701',
  latitude: 30.2672,
  longitude: -97.7431,
  ownership: 'owner',
  material: 'asphalt',
  stories: 'one',
  roofArea: 2000,
};

export const ACCOUNT_EXAMPLE = {
  id: '5a7b9c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d',
  email: 'owner@lonestarroofing.example',
  fullName: 'Jordan Smith',
  apiKey: { id: '0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b', scopes: ['leads:read', 'leads:write'] },
  plan: { id: 'smart', name: 'Smart Estimator', active: true },
  usage: { leadsThisMonth: 12, monthlyLeadLimit: 50 },
};

export function problemExample(status: number, title: string, code: string, detail: string) {
  return {
    type: `https://rafter.app/problems/${code}`,
    title,
    status,
    detail,
    code,
    instance: `/api/v1/leads/${LEAD_ID}`,
  };
}

const ENDPOINT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DELIVERY_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

export const WEBHOOK_ENDPOINT_EXAMPLE = {
  id: ENDPOINT_ID,
  url: 'https://crm.lonestarroofing.example/hooks/rafter',
  description: 'Our CRM',
  events: ['lead.created', 'lead.status_changed'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretPrefix: 'whsec_Zm9v…',
  previousSecretExpiresAt: null,
  source: 'api',
  createdAt: '2026-12-01T15:00:00.000Z',
};

export const WEBHOOK_ENDPOINT_WITH_SECRET_EXAMPLE = {
  ...WEBHOOK_ENDPOINT_EXAMPLE,
  secret: 'whsec_Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4',
};

export const CREATE_WEBHOOK_ENDPOINT_EXAMPLE = {
  url: WEBHOOK_ENDPOINT_EXAMPLE.url,
  description: WEBHOOK_ENDPOINT_EXAMPLE.description,
  events: WEBHOOK_ENDPOINT_EXAMPLE.events,
};

const LEAD_CREATED_PAYLOAD = {
  id: 'evt_5f0c3a1e9b7d4c2a8e6f1b3d5a7c9e0f',
  type: 'lead.created',
  timestamp: '2026-12-01T15:04:06.000Z',
  data: { lead: LEAD_EXAMPLE },
};

export const WEBHOOK_DELIVERY_EXAMPLE = {
  id: DELIVERY_ID,
  messageId: `msg_${DELIVERY_ID.replace(/-/g, '')}`,
  eventType: 'lead.created',
  state: 'succeeded',
  attempts: 1,
  lastStatusCode: 200,
  nextAttemptAt: null,
  createdAt: '2026-12-01T15:04:06.000Z',
  attemptLog: [
    {
      attempt: 1,
      at: '2026-12-01T15:04:06.120Z',
      statusCode: 200,
      durationMs: 118,
      ok: true,
      error: null,
      requestExcerpt: JSON.stringify(LEAD_CREATED_PAYLOAD).slice(0, 120),
      responseExcerpt: 'ok',
    },
  ],
};

export const WEBHOOK_DELIVERY_PAGE_EXAMPLE = {
  items: [WEBHOOK_DELIVERY_EXAMPLE],
  nextCursor: 'eyJ0IjoiMjAyNi0xMi0wMVQxNTowNDowNi4wMDBaIiwiaWQiOiIxYjRlMjhiYSJ9',
};

export const HOOK_EXAMPLE = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  event: 'lead.created',
  target_url: 'https://hooks.zapier.com/hooks/standard/1234567/abcdef0123456789/',
  enabled: true,
  created_at: '2026-12-01T15:00:00.000Z',
};

export const CREATE_HOOK_EXAMPLE = { target_url: HOOK_EXAMPLE.target_url, event: 'lead.created' };

export const HOOK_SAMPLES_EXAMPLE = [LEAD_CREATED_PAYLOAD];
