import type { LeadDetail, LeadListItem } from '@rafter/domain/crm';

/** A lead as the list endpoint returns it. */
export function testLead(overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id: 'lead-1',
    name: 'Maria Garcia',
    email: 'maria@example.com',
    phone: '5125550101',
    address: '120 Barton Springs Rd, Austin, TX 78704, USA',
    zipCode: '78704',
    latitude: 30.2612,
    longitude: -97.7534,
    ownership: 'owner',
    material: 'metal',
    stories: 'two',
    roofArea: 1850,
    estimateLow: 11_100,
    estimateMid: 28_200,
    estimateHigh: 45_300,
    score: 85,
    status: 'new',
    source: 'widget',
    locked: false,
    lockedReason: null,
    createdAt: '2026-03-04T15:30:00.000Z',
    updatedAt: '2026-03-04T15:30:00.000Z',
    ...overrides,
  };
}

export function testLeadDetail(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...testLead(),
    spam: false,
    scoreReasons: [
      { reason: 'Starting score', points: 50 },
      { reason: 'Owns the home', points: 30 },
    ],
    soldPrice: null,
    timeline: [
      {
        id: 'event-1',
        type: 'created',
        at: '2026-03-04T15:30:00.000Z',
        fromStatus: null,
        toStatus: null,
        note: null,
        detail: null,
      },
    ],
    ...overrides,
  };
}
