/** On #root of a page whose first screen was rendered at build time (scripts/prerender.mjs). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
