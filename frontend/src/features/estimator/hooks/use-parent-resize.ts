import { useEffect } from 'react';

/**
 * Inside an iframe, tells the parent page the content height on every size change so the embed
 * script can size the frame to fit (`{ type: 'rafter:resize', height }`).
 */
export function useParentResize(): void {
  useEffect(() => {
    if (window.parent === window || typeof ResizeObserver === 'undefined') return;
    let lastHeight = -1;
    const report = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      window.parent.postMessage({ type: 'rafter:resize', height }, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
}
