/** A full-page navigation (to Stripe's checkout, or back from it): the app unloads. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
