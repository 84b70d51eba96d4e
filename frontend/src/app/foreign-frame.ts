/**
 * True inside a frame of another site. A frame of our own origin (the dashboard's live preview)
 * can read its parent's address; another site's cannot.
 */
export function isInForeignFrame(): boolean {
  if (typeof window === 'undefined' || window.top === window.self) return false;
  try {
    return window.top?.location.origin !== window.location.origin;
  } catch {
    return true;
  }
}
