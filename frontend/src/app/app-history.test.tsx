import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigate,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppHistory, type LoadDocument } from './app-history';

function startAt(url: string) {
  window.history.replaceState(null, '', url);
}

/** A page with a link, a redirect button and where the router thinks it is. */
function Page() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <p>At {`${location.pathname}${location.search}${location.hash}`}</p>
      <Link to="/terms#refunds">Refund terms</Link>
      <Link to="/?auth=signin">Sign in</Link>
      <button onClick={() => void navigate('/dashboard', { replace: true })}>Signed in</button>
    </>
  );
}

function renderAt(url: string) {
  startAt(url);
  const load = vi.fn<LoadDocument>();
  render(
    <HistoryRouter history={createAppHistory(window, load)}>
      <Page />
    </HistoryRouter>,
  );
  return load;
}

describe('createAppHistory', () => {
  afterEach(() => startAt('/'));

  it('leaves the landing page for another page with a new document', async () => {
    const load = renderAt('/');

    await userEvent.click(screen.getByRole('link', { name: 'Refund terms' }));
    expect(load).toHaveBeenLastCalledWith('/terms#refunds', { replace: false });

    await userEvent.click(screen.getByRole('button', { name: 'Signed in' }));
    expect(load).toHaveBeenLastCalledWith('/dashboard', { replace: true });

    // The landing page itself stays where it was: the new document replaces it.
    expect(screen.getByText('At /')).toBeVisible();
    expect(window.location.pathname).toBe('/');
  });

  it('keeps navigation within the landing page in place', async () => {
    const load = renderAt('/');

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));

    expect(await screen.findByText('At /?auth=signin')).toBeVisible();
    expect(window.location.search).toBe('?auth=signin');
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps every navigation in place in a document that started on an app page', async () => {
    const load = renderAt('/terms');

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('At /?auth=signin')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Signed in' }));
    expect(await screen.findByText('At /dashboard')).toBeVisible();

    expect(window.location.pathname).toBe('/dashboard');
    expect(load).not.toHaveBeenCalled();
  });
});
