import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot } from './boot';
import { PRERENDERED_ATTRIBUTE } from './prerendered';

/** Resolves after every task queued so far (setTimeout 0 is the task boot yields with). */
const drainTasks = async (times = 5) => {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('boot', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    document.body.innerHTML = '<div id="root"></div>';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts an empty page at once, stage after stage, each in a task of its own', async () => {
    const order: string[] = [];
    const stage = (name: string) => () => {
      order.push(name);
      return Promise.resolve();
    };
    boot(stage('react'), stage('theme'), stage('app'));

    // The first stage runs synchronously; the others wait for a task each.
    expect(order).toEqual(['react']);
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['react']);
    await drainTasks();
    expect(order).toEqual(['react', 'theme', 'app']);
    expect(frames).toHaveLength(0);
  });

  it('starts a prerendered page only after its first paint (the frame, then a task)', async () => {
    document.getElementById('root')!.setAttribute(PRERENDERED_ATTRIBUTE, '');
    const start = vi.fn(() => Promise.resolve());
    boot(start);

    await drainTasks();
    expect(start).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    expect(start).not.toHaveBeenCalled();
    await drainTasks();
    expect(start).toHaveBeenCalledOnce();
  });

  it('stops at a stage that fails to load and says so on a page that shows nothing else', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = vi.fn(() => Promise.resolve());
    boot(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), app);

    await drainTasks();
    expect(app).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledOnce();
    expect(document.getElementById('root')).toHaveTextContent(
      'This page could not load. Check your connection and reload the page.',
    );
  });

  it('keeps a prerendered page as it is when its app fails to load', async () => {
    const root = document.getElementById('root')!;
    root.setAttribute(PRERENDERED_ATTRIBUTE, '');
    root.innerHTML = '<h1>Enter your zip code</h1>';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    boot(() => Promise.reject(new TypeError('Failed to fetch')));

    frames[0]!(performance.now());
    await drainTasks();
    expect(root).toHaveTextContent('Enter your zip code');
  });
});
