/** Examples for the public API's OpenAPI document (/api/v1/openapi.json). */

const LEAD_ID = '3f6c2a9e-8d41-4b7a-9c15-2e0d7b4f6a81';

export const LEAD_EXAMPLE = {
  id: LEAD_ID,
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '5125550100',
  address: '123 Main St, Austin, TX 78701, USA',
  zipCode: '78701',
  latitude: 30.2672,
  longitude: -97.7431,
  ownership: 'owner',
  material: 'asphalt',
  stories: 'one',
  roofArea: 2000,
  estimateLow: 6800,
  estimateMid: 9350,
  estimateHigh: 11900,
  score: 82,
  status: 'new',
  source: 'api',
  locked: false,
  lockedReason: null,
  createdAt: '2026-12-01T15:04:05.000Z',
  updatedAt: '2026-12-01T15:04:05.000Z',
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
};

export const LEAD_DETAIL_EXAMPLE = {
  ...LEAD_EXAMPLE,
  spam: false,
  scoreReasons: [{ reason: 'Owns the home', points: 20 }],
  timeline: [
    {
      id: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
      type: 'created',
      at: '2026-12-01T15:04:05.000Z',
      fromStatus: null,
      toStatus: null,
      note: null,
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
