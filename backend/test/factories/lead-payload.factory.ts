import { type LeadInput } from '@rafter/domain/lead';

/** What the widget sends for a homeowner at 123 Main St (estimate numbers as the browser shows). */
export function leadInput(overrides: Partial<Record<keyof LeadInput, unknown>> = {}): LeadInput {
  return {
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
    estimateLow: 6800,
    estimateMid: 9350,
    estimateHigh: 11900,
    ...overrides,
  } as LeadInput;
}
