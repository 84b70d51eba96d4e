import { useEffect } from 'react';

const SITE_NAME = 'Rafter';
/** Same text as the `<title>` in index.html, used by the home page. */
const HOME_TITLE = 'Rafter: instant roof estimates that become scored leads';

/** Sets the tab title to "<title> · Rafter", or the home page title when none is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : HOME_TITLE;
  }, [title]);
}
