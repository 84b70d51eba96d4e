import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareApp } from './ShareApp';

const LINK = {
  linkData: {
    user_id: '3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11',
    slug: 'sunny-roof-1042',
    title: 'Lone Star Roofing Calculator',
    brand_color: '#b91c1c',
  },
  businessProfile: {
    business_name: 'Lone Star Roofing Co.',
    address: '500 Congress Ave, Austin, TX 78701',
    logo_url: null,
  },
  materialPricing: { asphalt: { min: 3.9, max: 6.25 } },
};

describe('/calc/:slug loaded on its own (share.html)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the slug from the address and shows the contractor’s page in their colour', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/get-shareable-link')
        ? Response.json(LINK)
        : Response.json({ error: 'Not found' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/calc/sunny-roof-1042?utm_source=flyer');
    render(<ShareApp />);

    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Lone Star Roofing Co.')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/get-shareable-link?slug=sunny-roof-1042',
      expect.anything(),
    );
    expect(screen.getByRole('region', { name: 'Roof replacement estimate' })).toHaveTextContent(
      'Step 1 of 6',
    );
    // #b91c1c already keeps white text readable: the page and the calculator use it as is.
    await waitFor(() =>
      expect(header.parentElement!.style.getPropertyValue('--brand-dark')).toBe('#b91c1c'),
    );
    expect(
      screen
        .getByRole('region', { name: 'Roof replacement estimate' })
        .style.getPropertyValue('--brand'),
    ).toBe('#b91c1c');
    await waitFor(() =>
      expect(document.title).toBe('Lone Star Roofing Co. roof estimate · Rafter'),
    );
  });

  it('says a link that does not exist was not found, with a way home', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Not found' }, { status: 404 })),
    );
    window.history.replaceState(null, '', '/calc/no-such-link');
    render(<ShareApp />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calculator Not Found' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Calculator link not found or inactive');
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });
});
