import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstFunnelReport, stubSendBeacon } from '../../test/funnel-beacon';
import { renderApp } from '../../test/render-app';

const LINK = {
  linkData: {
    user_id: '3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11',
    slug: 'sunny-roof-1042',
    title: 'Lone Star Roofing Calculator',
    brand_color: '#2563eb',
  },
  businessProfile: {
    business_name: 'Lone Star Roofing Co.',
    address: '500 Congress Ave, Austin, TX 78701',
    logo_url: null,
  },
  materialPricing: { asphalt: { min: 3.9, max: 6.25 } },
};

function stubLinkAnswer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).startsWith('/api/get-shareable-link')
      ? Response.json(body, { status })
      : Response.json({ error: 'Not found' }, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('share page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the contractor's name, address, hero, calculator, reasons, stats and footer", async () => {
    const fetchMock = stubLinkAnswer(200, LINK);
    renderApp('/calc/sunny-roof-1042');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get Your Instant Roof Estimate' }),
    ).toBeVisible();
    const header = screen.getByRole('banner');
    // The page shows before the link is asked for (after first paint); the header fills in when
    // it answers.
    expect(await within(header).findByText('Lone Star Roofing Co.')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/get-shareable-link?slug=sunny-roof-1042',
      expect.anything(),
    );
    expect(header).not.toHaveAttribute('aria-busy');
    expect(header).toHaveTextContent('500 Congress Ave, Austin, TX 78701');
    // Without a logo, the mark in the brand's readable shade holds a house icon.
    expect(within(header).getByTestId('business-mark').querySelector('svg')).not.toBeNull();
    // The page is painted in the contractor's colour (#2563eb keeps white text readable as is).
    await waitFor(() =>
      expect(header.parentElement!.style.getPropertyValue('--brand-dark')).toBe('#2563eb'),
    );
    expect(screen.getByRole('region', { name: 'Roof replacement estimate' })).toHaveTextContent(
      'Step 1 of 6',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Why Choose Lone Star Roofing Co.' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'At a glance' })).toBeVisible();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Lone Star Roofing Co.');
    // A name ending in a period does not get a second one.
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} Lone Star Roofing Co. All rights reserved.`,
    );
    expect(footer).not.toHaveTextContent('Co..');
  });

  it('falls back to a generic name and address, and shows the logo when there is one', async () => {
    stubLinkAnswer(200, {
      ...LINK,
      businessProfile: { business_name: null, address: '  ', logo_url: '/uploads/logo.png' },
    });
    renderApp('/calc/sunny-roof-1042');

    const header = await screen.findByRole('banner');
    expect(
      await within(header).findByRole('img', { name: 'Roofing Contractor logo' }),
    ).toHaveAttribute('src', '/uploads/logo.png');
    expect(header).toHaveTextContent('Roofing Contractor');
    expect(header).toHaveTextContent('Professional Roofing Services');
  });

  it('shows the page and the first step while the link loads, keeping room for the name', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderApp('/calc/sunny-roof-1042');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get Your Instant Roof Estimate' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Enter your zip code' })).toBeVisible();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('aria-busy', 'true');
    // No name is shown before the contractor's: the generic one only holds its place.
    expect(within(header).getByText('Roofing Contractor')).not.toBeVisible();

    answer(Response.json(LINK));
    expect(await within(header).findByText('Lone Star Roofing Co.')).toBeVisible();
    expect(header).not.toHaveAttribute('aria-busy');
  });

  it.each([
    [404, 'Calculator link not found or inactive'],
    [500, 'Failed to load calculator'],
    [400, 'Invalid link'],
  ])('answers %d with Calculator Not Found and %j', async (status, message) => {
    stubLinkAnswer(status, { error: 'x' });
    renderApp('/calc/no-such-link');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calculator Not Found' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it("counts the visit for the link's contractor, tagged with the link's own UTM parameters", async () => {
    stubLinkAnswer(200, LINK);
    const beacon = stubSendBeacon();
    renderApp('/calc/sunny-roof-1042?utm_source=newsletter&utm_campaign=spring%20sale&ref=x');
    await within(screen.getByRole('banner')).findByText('Lone Star Roofing Co.');
    expect(await firstFunnelReport(beacon)).toEqual({
      visitId: expect.any(String),
      ownerId: LINK.linkData.user_id,
      source: 'share_page',
      utm: { source: 'newsletter', campaign: 'spring sale' },
      device: 'desktop',
      steps: ['view'],
    });
  });

  it('calls a blank slug an invalid link without asking the server', async () => {
    const fetchMock = stubLinkAnswer(200, LINK);
    renderApp('/calc/%20');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid link');
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('get-shareable-link'),
      expect.anything(),
    );
  });
});
