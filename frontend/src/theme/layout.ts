/** The spec's mobile breakpoint (section 9): below 768 px the dashboard uses its phone layout. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Phones, below the breakpoint: for useMediaQuery. */
export const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
/** The same as an `sx` key. */
export const PHONE_MEDIA = `@media ${PHONE_QUERY}`;
/** Wider than a phone, as an `sx` key. */
export const WIDE_MEDIA = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Height of the dashboard's bottom navigation bar on phones; content and snackbars clear it. */
export const BOTTOM_BAR_HEIGHT_PX = 64;
