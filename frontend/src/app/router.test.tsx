import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isAppRoute } from '@rafter/domain/routes';
import { renderApp } from '../test/render-app';
import { routes } from './router';

describe('routes', () => {
  it('only declares paths the server knows as app routes, plus the catch-all', () => {
    const paths = routes.map((route) => route.path);
    expect(paths.at(-1)).toBe('*');
    for (const path of paths.slice(0, -1)) {
      expect(path && isAppRoute(path)).toBe(true);
    }
  });

  it.each(['/no-such-page', '/dashboard/extra', '/terms/extra'])(
    'shows the not-found page for %s, with a link home that works',
    async (path) => {
      renderApp(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeVisible();
      await waitFor(() => expect(document.title).toBe('Page not found · Rafter'));

      await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));

      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: /Instant roof-replacement estimates/,
        }),
      ).toBeVisible();
      expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    },
  );
});
