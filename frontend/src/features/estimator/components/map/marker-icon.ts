/** Marker icon size in px (spec section 9). */
export const MARKER_ICON_SIZE = 40;

export const MARKER_TITLE = 'Drag to position marker on your roof';

/** A red pin with a white house, visible on satellite imagery; its tip is the bottom centre. */
export const MARKER_ICON_URL = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">' +
    '<path d="M20 39s13-13.2 13-23.5C33 8 27.2 2 20 2S7 8 7 15.5C7 25.8 20 39 20 39z" ' +
    'fill="#dc2626" stroke="#ffffff" stroke-width="2"/>' +
    '<path d="M13.5 16.5 20 11l6.5 5.5M15.5 15v7h9v-7" fill="none" stroke="#ffffff" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;
