/** Only the price inputs' step: saved prices may have any number of cents. */
export const PRICE_INPUT_STEP = 0.5;

/** How long the tab waits after the last change before saving prices and the brand colour. */
export const PRICING_AUTOSAVE_MS = 1000;
export const COLOR_AUTOSAVE_MS = 500;
/** How long 'Copied' shows after copying the embed code. */
export const COPY_INDICATOR_MS = 1500;
export const PREVIEW_HEIGHT_PX = 900;

/** The brand colours offered as one-click choices. */
export const BRAND_PRESETS = [
  '#16a34a',
  '#0ea5e9',
  '#8b5cf6',
  '#ef4444',
  '#f59e0b',
  '#0ea372',
] as const;
