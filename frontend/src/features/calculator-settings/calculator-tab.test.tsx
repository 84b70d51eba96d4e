import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MATERIAL_PRICING, type MaterialPricing } from '@rafter/domain/materials';
import type { ShareLinkView } from '@rafter/domain/settings';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { CalculatorTab, type CalculatorAccess } from './components/CalculatorTab';
import { renderWithQuery } from '../../test/render-with-query';

const OWNER_ID = 'owner-1';
const SMART: CalculatorAccess = {
  embed: true,
  preview: true,
  autosave: true,
  shareLink: true,
  customColors: true,
  customPricing: true,
};
const STARTER: CalculatorAccess = {
  ...SMART,
  shareLink: false,
  customColors: false,
  customPricing: false,
};
const NO_PLAN: CalculatorAccess = {
  embed: false,
  preview: false,
  autosave: false,
  shareLink: false,
  customColors: false,
  customPricing: false,
};
const LINK: ShareLinkView = {
  slug: 'sunny-roof-1042',
  url: 'http://localhost/calc/sunny-roof-1042',
  brandColor: '#16a34a',
  title: 'Roofing Calculator',
  isActive: true,
};

function settingsApi({
  link = LINK as ShareLinkView | null,
  pricingAnswer = (request: FakeRequest) => ({
    body: { pricing: (request.body as { pricing: MaterialPricing }).pricing, custom: true },
  }),
  colorAnswer = (request: FakeRequest) => ({
    body: { ...LINK, brandColor: (request.body as { brandColor: string }).brandColor },
  }),
}: {
  link?: ShareLinkView | null;
  pricingAnswer?: (request: FakeRequest) => { status?: number; body?: unknown };
  colorAnswer?: (request: FakeRequest) => { status?: number; body?: unknown };
} = {}) {
  return fakeApi({
    'GET /api/material-pricing': () => ({
      body: { pricing: DEFAULT_MATERIAL_PRICING, custom: false },
    }),
    'PUT /api/material-pricing': pricingAnswer,
    'GET /api/share-link': () => ({ body: { link } }),
    'PUT /api/share-link/brand-color': colorAnswer,
    'POST /api/share-link': (request) => ({
      status: 201,
      body: { ...LINK, brandColor: (request.body as { brandColor: string }).brandColor },
    }),
  });
}

async function renderTab(access: CalculatorAccess, onLocked = vi.fn()) {
  renderWithQuery(
    <CalculatorTab ownerId={OWNER_ID} active={access.embed} access={access} onLocked={onLocked} />,
  );
  await screen.findByRole('region', { name: 'Branding' });
  return onLocked;
}

const pricingCard = () => screen.getByRole('region', { name: 'Material Pricing' });
const priceInput = (material: string, bound: 'Min' | 'Max') =>
  within(within(pricingCard()).getByRole('group', { name: material })).getByLabelText(
    `${bound} $ per sq ft`,
  );
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
// Each test renders the whole tab in jsdom, which takes a few seconds on a busy machine.
const TEST_TIMEOUT_MS = 20_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('material pricing autosave', { timeout: TEST_TIMEOUT_MS }, () => {
  it('saves the latest prices once, 1 s after the last change', async () => {
    const api = settingsApi();
    await renderTab(SMART);
    vi.useFakeTimers();

    fireEvent.change(priceInput('Metal', 'Min'), { target: { value: '8' } });
    await advance(600);
    fireEvent.change(priceInput('Metal', 'Max'), { target: { value: '14.5' } });
    await advance(999);
    expect(api.calls('PUT /api/material-pricing')).toHaveLength(0);
    expect(within(pricingCard()).getByRole('status')).toHaveTextContent('Unsaved changes');

    await advance(1);
    const puts = api.calls('PUT /api/material-pricing');
    expect(puts).toHaveLength(1);
    expect((puts[0]!.body as { pricing: MaterialPricing }).pricing.metal).toEqual({
      min: 8,
      max: 14.5,
    });
    expect(within(pricingCard()).getByRole('status')).toHaveTextContent('All changes saved');
  });

  it('sends a value that is not a number as 0 and shows the server refusal, then retries', async () => {
    let refuse = true;
    const api = settingsApi({
      pricingAnswer: (request) =>
        refuse
          ? { status: 400, body: { error: 'Minimum price for Tile must be at least $1' } }
          : {
              body: {
                pricing: (request.body as { pricing: MaterialPricing }).pricing,
                custom: true,
              },
            },
    });
    await renderTab(SMART);
    vi.useFakeTimers();

    fireEvent.change(priceInput('Tile', 'Min'), { target: { value: '' } });
    await advance(1000);
    vi.useRealTimers();
    const failure = await within(pricingCard()).findByRole('alert');
    expect(failure).toHaveTextContent('Not saved: Minimum price for Tile must be at least $1');
    expect(
      (api.calls('PUT /api/material-pricing')[0]!.body as { pricing: MaterialPricing }).pricing.tile
        .min,
    ).toBe(0);

    refuse = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(pricingCard()).findByText('All changes saved')).toBeVisible();
    expect(api.calls('PUT /api/material-pricing')).toHaveLength(2);
    expect(api.calls('PUT /api/material-pricing')[1]!.body).toEqual(
      api.calls('PUT /api/material-pricing')[0]!.body,
    );
  });

  it('keeps an edit made while a save is in flight and saves it next', async () => {
    let release: () => void = () => {};
    const api = settingsApi();
    await renderTab(SMART);
    vi.useFakeTimers();
    const fetchMock = vi.mocked(fetch);
    const realFetch = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (input, init) => {
      await new Promise<void>((resolve) => (release = resolve));
      return realFetch(input, init);
    });

    fireEvent.change(priceInput('Slate', 'Max'), { target: { value: '40' } });
    await advance(1000);
    fireEvent.change(priceInput('Slate', 'Max'), { target: { value: '42' } });
    await advance(1000);
    release();
    await advance(0);
    const bodies = api
      .calls('PUT /api/material-pricing')
      .map((request) => (request.body as { pricing: MaterialPricing }).pricing.slate.max);
    expect(bodies).toEqual([40, 42]);
  });
});

describe('brand colour autosave', { timeout: TEST_TIMEOUT_MS }, () => {
  it('saves a preset 500 ms after the change and reloads the preview with it', async () => {
    const api = settingsApi();
    await renderTab(SMART);
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Preset colour #8b5cf6' }));
    await advance(499);
    expect(api.calls('PUT /api/share-link/brand-color')).toHaveLength(0);
    await advance(1);
    expect(api.calls('PUT /api/share-link/brand-color')[0]!.body).toEqual({
      brandColor: '#8b5cf6',
    });
    // The answer goes into the share-link query, whose readers hear of it on the next tick of
    // the (fake) clock: wait for the save to finish, then let that tick pass.
    const branding = screen.getByRole('region', { name: 'Branding' });
    await act(() =>
      vi.waitFor(() =>
        expect(within(branding).getByRole('status')).toHaveTextContent('All changes saved'),
      ),
    );
    await advance(0);
    vi.useRealTimers();
    const preview = await screen.findByTitle('Live Preview');
    expect(preview).toHaveAttribute('src', `/widget?ownerId=${OWNER_ID}&color=%238b5cf6`);
    expect(screen.getByRole('region', { name: 'Embed Code' })).toHaveTextContent(
      '"color":"#8b5cf6"',
    );
  });

  it('does not save the stored colour again', async () => {
    const api = settingsApi();
    await renderTab(SMART);
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Hex colour'), { target: { value: '#16a34a' } });
    await advance(1000);
    expect(api.calls('PUT /api/share-link/brand-color')).toHaveLength(0);
  });

  it('does not save without a share link', async () => {
    const api = settingsApi({ link: null });
    await renderTab(SMART);
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Preset colour #ef4444' }));
    await advance(1000);
    expect(api.calls('PUT /api/share-link/brand-color')).toHaveLength(0);
    expect(screen.getByText('Create a share link below to save your brand colour.')).toBeVisible();
  });
});

describe('a colour picked before the share link exists', { timeout: TEST_TIMEOUT_MS }, () => {
  const snippet = () => screen.getByLabelText('Embed snippet');
  const previewSrc = (color: string) =>
    `/widget?ownerId=${OWNER_ID}&color=${encodeURIComponent(color)}`;

  /** The Calculator tab beside another dashboard tab, as the dashboard switches them. */
  function DashboardTabs() {
    const [calculator, setCalculator] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setCalculator((shown) => !shown)}>
          Switch tab
        </button>
        {calculator && (
          <CalculatorTab ownerId={OWNER_ID} active access={SMART} onLocked={vi.fn()} />
        )}
      </>
    );
  }

  it('shows in the snippet at once and in the preview once picking pauses; creating the link saves it', async () => {
    const api = settingsApi({ link: null });
    await renderTab(SMART);
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Preset colour #ef4444' }));
    expect(screen.getByLabelText('Hex colour')).toHaveValue('#ef4444');
    expect(snippet()).toHaveTextContent('"color":"#ef4444"');
    expect(screen.getByTitle('Live Preview')).toHaveAttribute('src', previewSrc('#16a34a'));
    await advance(500);
    expect(screen.getByTitle('Live Preview')).toHaveAttribute('src', previewSrc('#ef4444'));

    // A half-typed colour leaves everything on the last complete one.
    fireEvent.change(screen.getByLabelText('Hex colour'), { target: { value: '#0ea5' } });
    await advance(500);
    expect(snippet()).toHaveTextContent('"color":"#ef4444"');
    expect(screen.getByLabelText('Brand colour picker')).toHaveValue('#ef4444');
    expect(screen.getByTitle('Live Preview')).toHaveAttribute('src', previewSrc('#ef4444'));
    fireEvent.change(screen.getByLabelText('Hex colour'), { target: { value: '#ef4444' } });
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'Create Share Link' }));
    expect(await screen.findByRole('button', { name: 'Copy Share Link' })).toBeVisible();
    expect(api.calls('POST /api/share-link').map((request) => request.body)).toEqual([
      { brandColor: '#ef4444' },
    ]);
    expect(screen.getByLabelText('Hex colour')).toHaveValue('#ef4444');
    expect(snippet()).toHaveTextContent('"color":"#ef4444"');
    expect(screen.getByTitle('Live Preview')).toHaveAttribute('src', previewSrc('#ef4444'));
    expect(api.calls('PUT /api/share-link/brand-color')).toHaveLength(0);
  });

  it('survives leaving the tab and coming back', async () => {
    const api = settingsApi({ link: null });
    renderWithQuery(<DashboardTabs />);
    await screen.findByRole('region', { name: 'Branding' });
    await userEvent.click(screen.getByRole('button', { name: 'Preset colour #0ea5e9' }));

    await userEvent.click(screen.getByRole('button', { name: 'Switch tab' }));
    expect(screen.queryByRole('region', { name: 'Branding' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Switch tab' }));
    await screen.findByRole('region', { name: 'Branding' });

    expect(screen.getByLabelText('Hex colour')).toHaveValue('#0ea5e9');
    expect(screen.getByRole('button', { name: 'Preset colour #0ea5e9' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(snippet()).toHaveTextContent('"color":"#0ea5e9"');
    expect(screen.getByTitle('Live Preview')).toHaveAttribute('src', previewSrc('#0ea5e9'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Share Link' }));
    await screen.findByRole('button', { name: 'Copy Share Link' });
    expect(api.calls('POST /api/share-link')[0]!.body).toEqual({ brandColor: '#0ea5e9' });
  });

  it('with a link, a colour whose save failed is saved after a reload', async () => {
    let refuse = true;
    const api = settingsApi({
      colorAnswer: (request) =>
        refuse
          ? { status: 503, body: { error: 'Service unavailable' } }
          : { body: { ...LINK, brandColor: (request.body as { brandColor: string }).brandColor } },
    });
    const page = renderWithQuery(<DashboardTabs />);
    await screen.findByRole('region', { name: 'Branding' });
    await userEvent.click(screen.getByRole('button', { name: 'Preset colour #f59e0b' }));
    const branding = screen.getByRole('region', { name: 'Branding' });
    expect(await within(branding).findByRole('alert')).toHaveTextContent('Not saved');

    page.unmount();
    refuse = false;
    renderWithQuery(<DashboardTabs />);
    await screen.findByRole('region', { name: 'Branding' });
    expect(screen.getByLabelText('Hex colour')).toHaveValue('#f59e0b');
    expect(
      await within(screen.getByRole('region', { name: 'Branding' })).findByText(
        'All changes saved',
      ),
    ).toBeVisible();
    expect(api.calls('PUT /api/share-link/brand-color').at(-1)!.body).toEqual({
      brandColor: '#f59e0b',
    });
    expect(screen.getByTitle('Live Preview')).toHaveAttribute('src', previewSrc('#f59e0b'));
  });
});

describe('locks', { timeout: TEST_TIMEOUT_MS }, () => {
  it('Starter: branding, pricing and the share link open the upgrade dialog; nothing is saved', async () => {
    const api = settingsApi({ link: null });
    const onLocked = await renderTab(STARTER);

    const locks = screen.getAllByRole('button', {
      name: 'Locked - Click to upgrade to Smart Estimator',
    });
    expect(locks).toHaveLength(2);
    await userEvent.click(locks[0]!);
    await userEvent.click(locks[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Create Share Link' }));
    expect(onLocked.mock.calls).toEqual([['customColors'], ['customPricing'], ['shareLink']]);
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByTitle('Live Preview')).toBeVisible();
    expect(api.calls('POST /api/share-link')).toHaveLength(0);
  });

  it('without a plan: embed and preview are locked as well', async () => {
    settingsApi();
    const onLocked = await renderTab(NO_PLAN);
    expect(screen.getByText('No Active Plan')).toBeVisible();
    expect(screen.queryByTitle('Live Preview')).toBeNull();
    const locks = screen.getAllByRole('button', {
      name: 'Locked - Click to upgrade to Starter Estimator',
    });
    expect(locks).toHaveLength(2);
    await userEvent.click(locks[1]!);
    expect(onLocked).toHaveBeenCalledWith('preview');
  });
});

describe('embed code', { timeout: TEST_TIMEOUT_MS }, () => {
  it('copies the snippet and the share link, each confirmed for 1.5 s', async () => {
    settingsApi();
    await renderTab(SMART);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();

    const card = screen.getByRole('region', { name: 'Embed Code' });
    fireEvent.click(within(card).getByRole('button', { name: 'Copy' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`"ownerId":"${OWNER_ID}"`));
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeVisible();

    fireEvent.click(within(card).getByRole('button', { name: 'Copy Share Link' }));
    await advance(0);
    expect(writeText).toHaveBeenLastCalledWith(LINK.url);
    expect(within(card).getByRole('button', { name: 'Link Copied!' })).toBeVisible();

    await advance(1499);
    expect(within(card).getByRole('button', { name: 'Link Copied!' })).toBeVisible();
    await advance(1);
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Copy Share Link' })).toBeVisible();
  });

  it('creates a share link on Smart', async () => {
    const api = settingsApi({ link: null });
    await renderTab(SMART);
    await userEvent.click(screen.getByRole('button', { name: 'Create Share Link' }));
    expect(await screen.findByRole('button', { name: 'Copy Share Link' })).toBeVisible();
    expect(api.calls('POST /api/share-link')[0]!.body).toEqual({ brandColor: '#16a34a' });
  });
});
