import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstFunnelReport, stubSendBeacon } from '../test/funnel-beacon';
import { WidgetApp } from './WidgetApp';

describe('/widget', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the estimator alone, starting at the zip code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Not found' }, { status: 404 })),
    );
    window.history.replaceState(
      null,
      '',
      '/widget?ownerId=3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11&color=2563eb',
    );
    render(<WidgetApp />);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Enter your zip code' }),
    ).toBeVisible();
    expect(screen.getByText('Step 1 of 6')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Roof replacement estimate' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    // The page sets its title in an effect, which may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Roof replacement estimate · Rafter'));
  });

  it("counts an embedded visit with the host page's origin and UTM parameters that embed.js passed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Not found' }, { status: 404 })),
    );
    const beacon = stubSendBeacon();
    window.history.replaceState(
      null,
      '',
      '/widget?ownerId=3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11&color=%232563eb&embed=1' +
        '&origin=https%3A%2F%2Froofs.example&utm_source=google&utm_medium=cpc',
    );
    render(<WidgetApp />);
    await screen.findByRole('heading', { level: 2, name: 'Enter your zip code' });
    expect(await firstFunnelReport(beacon)).toEqual({
      visitId: expect.any(String),
      ownerId: '3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11',
      source: 'embed',
      origin: 'https://roofs.example',
      utm: { source: 'google', medium: 'cpc' },
      device: 'desktop',
      steps: ['view'],
    });
  });

  it('opens the sign-up dialog on the app-wide showSignup event, without leaving the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Not found' }, { status: 404 })),
    );
    window.history.replaceState(null, '', '/widget');
    render(<WidgetApp />);
    await screen.findByRole('heading', { level: 2, name: 'Enter your zip code' });

    act(() => {
      window.dispatchEvent(new Event('showSignup'));
    });

    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeVisible();
    expect(window.location.pathname).toBe('/widget');
  });
});
