import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useParentResize } from './use-parent-resize';

describe('useParentResize', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function stubResizeObserver() {
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    return () => observers.forEach((notify) => notify());
  }

  it('posts the content height to the parent page on every change when framed', () => {
    const notify = stubResizeObserver();
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    let height = 640.2;
    vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(
      () => ({ height }) as DOMRect,
    );

    renderHook(() => useParentResize());
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'rafter:resize', height: 641 }, '*');

    height = 900;
    notify();
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'rafter:resize', height: 900 }, '*');
    notify();
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('posts nothing when the page is not in a frame', () => {
    stubResizeObserver();
    const postMessage = vi.spyOn(window, 'postMessage');

    renderHook(() => useParentResize());

    expect(postMessage).not.toHaveBeenCalled();
  });
});
