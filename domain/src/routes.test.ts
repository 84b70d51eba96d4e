import { describe, expect, it } from 'vitest';
import {
  isAppRoute,
  isEmbeddableRoute,
  isServedWithoutOpenerPolicy,
  sharePageSlug,
} from './routes';

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

describe('isServedWithoutOpenerPolicy', () => {
  it.each(['/', '/widget', '/calc/sunny-roof-1042'])('serves %s without the policy', (path) => {
    expect(isServedWithoutOpenerPolicy(path)).toBe(true);
  });

  it.each([
    '/dashboard',
    '/subscribe',
    '/terms',
    '/reset-password',
    '//',
    '/index.html',
    '/widget/x',
  ])('keeps the policy on %s', (path) => {
    expect(isServedWithoutOpenerPolicy(path)).toBe(false);
  });
});

describe('sharePageSlug', () => {
  it.each([
    ['/calc/sunny-roof-1042', 'sunny-roof-1042'],
    ['/calc/sunny-roof-1042/', 'sunny-roof-1042'],
    ['/calc/%20lone%20star%20', 'lone star'],
    ['/calc/%20', ''],
    ['/calc/%E0%A4%A', ''],
    ['/calc/', null],
    ['/calc/a/b', null],
    ['/calculator/a', null],
    ['/widget', null],
  ])('reads the slug of %s as %j', (path, slug) => {
    expect(sharePageSlug(path)).toBe(slug);
  });
});
