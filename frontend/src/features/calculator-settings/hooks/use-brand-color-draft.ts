import { useCallback, useEffect, useState } from 'react';
import { toBrandColor } from '@rafter/domain/branding';

export interface BrandColorDraft {
  /** What the hex field shows: the picked colour, perhaps half typed. */
  text: string;
  /** The last complete colour in `text`, else the stored one: what the whole tab shows. */
  color: string;
  change: (text: string) => void;
}

// Session storage: the pick outlives a dashboard tab switch and a reload, not the browser tab.
const draftKey = (ownerId: string) => `rafter:brand-color-draft:${ownerId}`;

function readDraft(ownerId: string): string | null {
  try {
    return sessionStorage.getItem(draftKey(ownerId));
  } catch {
    // Storage can be switched off; the pick then lasts as long as the page shows it.
    return null;
  }
}

function keepDraft(ownerId: string, text: string | null) {
  try {
    if (text === null) sessionStorage.removeItem(draftKey(ownerId));
    else sessionStorage.setItem(draftKey(ownerId), text);
  } catch {
    // As above: nothing to keep it in.
  }
}

/**
 * The brand colour the contractor picked, held by the page until the server holds it: before a
 * share link exists there is nowhere to save it (spec section 4), and creating the link saves it.
 */
export function useBrandColorDraft(ownerId: string, storedColor: string): BrandColorDraft {
  const [text, setText] = useState(() => readDraft(ownerId) ?? storedColor);
  const [color, setColor] = useState(() => toBrandColor(text) ?? storedColor);

  useEffect(() => {
    keepDraft(ownerId, toBrandColor(text) === storedColor ? null : text);
  }, [ownerId, text, storedColor]);

  const change = useCallback((next: string) => {
    setText(next);
    const complete = toBrandColor(next);
    if (complete) setColor(complete);
  }, []);

  return { text, color, change };
}
