import { lazy, Suspense, useEffect, useState } from 'react';
import type { VoiceAssistantWidgetProps } from './VoiceAssistantWidget';

const VoiceAssistantWidget = lazy(() => import('./VoiceAssistantWidget'));

/**
 * Mounts the voice assistant once the page has loaded and the browser is idle, so its code never
 * competes with the landing page's first paint.
 */
export function DeferredVoiceAssistant(props: VoiceAssistantWidgetProps) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      } else {
        timer = setTimeout(() => setReady(true), 200);
      }
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);

  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <VoiceAssistantWidget {...props} />
    </Suspense>
  );
}
