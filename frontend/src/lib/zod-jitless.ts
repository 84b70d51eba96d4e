/**
 * Zod compiles object parsers with `Function` when it may, and probes for that on first use. Our
 * content security policy forbids eval ('unsafe-eval' is never allowed), so the probe is refused
 * and browsers report it as a CSP violation. Zod reads this shared setting before probing; turning
 * JIT off keeps the console clean at no measurable cost for the small forms we validate.
 * Imported first by main.tsx, before any schema runs.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
