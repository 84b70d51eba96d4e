import { UNSAFE_createBrowserHistory as createBrowserHistory, type To } from 'react-router';
import { isServedWithoutOpenerPolicy } from '@rafter/domain/routes';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/** Loads a new document at `href`, in a new history entry or in place of the current one. */
export type LoadDocument = (href: string, options: { replace: boolean }) => void;

const loadDocument: LoadDocument = (href, { replace }) => {
  if (replace) window.location.replace(href);
  else window.location.assign(href);
};

/**
 * The router's history for the app's entry. The server sends the landing page without
 * Cross-Origin-Opener-Policy and every other page with it (docs/decisions/0026), so a document
 * that started on `/` must never become another page in place: the dashboard would run without
 * the policy. In such a document, a link or a redirect to another path (sign-in, a plan's
 * checkout, the footer's pages) loads a new document, which the server sends with the policy;
 * within the page (its query string, its #sections) the router works as usual. A document that
 * started on any other page keeps every navigation in place.
 */
export function createAppHistory(
  win: Window = window,
  load: LoadDocument = loadDocument,
): BrowserHistory {
  const history = createBrowserHistory({ window: win, v5Compat: true });
  const start = win.location.pathname;
  if (!isServedWithoutOpenerPolicy(start)) return history;

  const { push, replace } = history;
  const leaves = (to: To) => history.createURL(to).pathname !== start;
  history.push = (to, state) => {
    if (leaves(to)) load(history.createHref(to), { replace: false });
    else push(to, state);
  };
  history.replace = (to, state) => {
    if (leaves(to)) load(history.createHref(to), { replace: true });
    else replace(to, state);
  };
  return history;
}
