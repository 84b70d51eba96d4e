/**
 * Inside a contractor's site a sign-up dialog would be a form in someone else's page, where our
 * cookies are third-party: sign-up opens on our own site in a new tab instead. Returns whether
 * the page is framed (and the tab was opened).
 */
export function signUpInNewTabWhenFramed(): boolean {
  if (window.parent === window) return false;
  window.open(`${window.location.origin}/?auth=signup`, '_blank', 'noopener');
  return true;
}
