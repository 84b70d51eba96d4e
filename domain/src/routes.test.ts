import { describe, expect, it } from 'vitest';
import { isAppRoute, isEmbeddableRoute } from './routes';

describe('isEmbeddableRoute', () => {
  it.each(['/widget', '/calc/sunny-roof-1042', '/calc/Ab_9-x'])(
    'lets other sites frame %s',
    (path) => {
      expect(isEmbeddableRoute(path)).toBe(true);
    },
  );

  it.each([
    '/',
    '/dashboard',
    '/widget/',
    '/widget/x',
    '/widgetx',
    '/widget.html',
    '/calc',
    '/calc/',
    '/calc/a/b',
    '/calc/a/',
    '/calc/..%2Fdashboard',
    '/calc/x%2F..%2F..%2Fdashboard',
    '/api/widget',
  ])('keeps the frame ban on %s', (path) => {
    expect(isEmbeddableRoute(path)).toBe(false);
  });

  it('covers only app routes', () => {
    expect(isAppRoute('/widget') && isAppRoute('/calc/sunny-roof-1042')).toBe(true);
  });
});
