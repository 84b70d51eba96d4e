/**
 * How far below the top of the screen an in-page link (#pricing) puts its section: the sticky
 * promo banner and header stay on top, so the section heading must land beneath them.
 */
export const SECTION_SCROLL_MARGIN = { xs: '112px', sm: '120px' } as const;
