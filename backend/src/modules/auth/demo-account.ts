/** The demo contractor's sign-in, seeded by demo-seed.ts when DEMO_MODE is on. */
export const DEMO_EMAIL = 'demo@rafter.app';
/** Shown in the sign-in dialog in demo mode only (GET /api/auth/options). */
export const DEMO_PASSWORD = 'rafter-demo';
