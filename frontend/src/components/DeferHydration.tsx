import { Suspense, use, useId, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/** How far below (or above) the screen a section starts hydrating. */
const NEAR_MARGIN = '400px 0px';
/** A first touch, click, key press or focus inside the section hydrates it at once. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'mouseover'] as const;
const ATTRIBUTE = 'data-hydrate-near';

const gates = new Map<string, Promise<void>>();

/** Resolves once the prerendered section marked `id` nears the screen or is interacted with. */
function whenNear(id: string): Promise<void> {
  let gate = gates.get(id);
  if (gate) return gate;
  gate = new Promise<void>((resolve) => {
    const wrapper = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
    if (!wrapper || typeof IntersectionObserver === 'undefined') {
      resolve();
      return;
    }
    const open = () => {
      observer.disconnect();
      for (const type of INTERACTIONS) wrapper.removeEventListener(type, open, true);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      },
      { rootMargin: NEAR_MARGIN },
    );
    for (const child of Array.from(wrapper.children)) observer.observe(child);
    for (const type of INTERACTIONS) wrapper.addEventListener(type, open, true);
  });
  gates.set(id, gate);
  return gate;
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  const hydrated = useHydrated();
  // Hydrating prerendered HTML: React keeps the server's markup of this boundary, without its
  // event handlers, until the promise resolves. Rendered in the browser alone: no wait.
  if (!hydrated && typeof document !== 'undefined') use(whenNear(id));
  return children;
}

/**
 * Sections below the fold of a prerendered page: painted from the HTML like the rest, but
 * hydrated (their components run, their handlers attach) only when they near the screen or on
 * a first interaction inside them, so the first screen becomes interactive sooner. The wrapper
 * takes no room of its own (`display: contents`).
 */
export function DeferHydration({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <div {...{ [ATTRIBUTE]: id }} style={{ display: 'contents' }}>
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </div>
  );
}
