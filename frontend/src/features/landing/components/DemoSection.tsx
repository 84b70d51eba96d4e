import { Suspense, useRef, type ReactNode } from 'react';
import { announceDemoInteraction } from '../../../lib/demo-interaction';
import { useNearViewport } from '../hooks/use-near-viewport';
import { LandingSection } from './LandingSection';
import styles from './landing.module.css';

/** The calculator's code starts loading this far before the section scrolls into view. */
const LOAD_MARGIN = '600px';

/**
 * At least as tall as the calculator's first step (386 px on phones, 397 px from 600 px up; the
 * minimum heights are in landing.module.css), so the placeholder and the calculator that
 * replaces it take the same room and nothing below moves.
 */
function DemoPlaceholder() {
  return (
    <div role="status" className={styles.demoPlaceholder}>
      <p className={styles.body1}>Loading the live demo…</p>
    </div>
  );
}

interface DemoSectionProps {
  /** The live calculator: rendered, and so loaded, only when the section nears the viewport. */
  children: ReactNode;
}

/**
 * #demo: the real estimator, in demo mode: its quote requests go to no contractor (the
 * main-site flow would offer them to paying ones). Its code stays out of the first page load,
 * and the visitor's first touch, key press or focus inside it is announced once
 * (`demo-interacted`) so the page's other prompts can step back.
 */
export function DemoSection({ children }: DemoSectionProps) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame, LOAD_MARGIN);
  const announced = useRef(false);
  const announce = () => {
    if (announced.current) return;
    announced.current = true;
    announceDemoInteraction();
  };

  return (
    <LandingSection
      id="demo"
      eyebrow="Live demo"
      title="Try the calculator your customers will use"
      tinted
      intro="This is the real estimator. Enter a zip code and an address, answer three questions and see the estimate a homeowner would. It is a demo: a quote request sent from it is not saved and goes to no one."
    >
      <div
        ref={frame}
        data-testid="demo-frame"
        onPointerDownCapture={announce}
        onKeyDownCapture={announce}
        onFocusCapture={announce}
        className={styles.demoFrame}
      >
        {near ? (
          <Suspense fallback={<DemoPlaceholder />}>{children}</Suspense>
        ) : (
          <DemoPlaceholder />
        )}
      </div>
    </LandingSection>
  );
}
