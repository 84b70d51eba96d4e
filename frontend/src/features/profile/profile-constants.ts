export const LOGO_HINT = 'PNG, JPG, GIF up to 2MB. Recommended: Square image, at least 200x200px.';
export const LOGO_LOCKED_TEXT = 'Locked - Click to upgrade to Instant Estimator';
/** How long 'Saved' shows after the profile was saved. */
export const SAVED_INDICATOR_MS = 3000;
