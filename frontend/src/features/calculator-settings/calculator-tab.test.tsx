import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MATERIAL_PRICING, type MaterialPricing } from '@rafter/domain/materials';
import type { ShareLinkView } from '@rafter/domain/settings';
import { fakeApi, type FakeRequest } from '../estimator/test/fake-api';
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
}: {
  link?: ShareLinkView | null;
  pricingAnswer?: (request: FakeRequest) => { status?: number; body?: unknown };
} = {}) {
  return fakeApi({
    'GET /api/material-pricing': () => ({
      body: { pricing: DEFAULT_MATERIAL_PRICING, custom: false },
    }),
    'PUT /api/material-pricing': pricingAnswer,
    'GET /api/share-link': () => ({ body: { link } }),
    'PUT /api/share-link/brand-color': (request) => ({
      body: { ...LINK, brandColor: (request.body as { brandColor: string }).brandColor },
    }),
    'POST /api/share-link': () => ({ status: 201, body: LINK }),
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

afterEach(() => {
  vi.useRealTimers();
});

describe('material pricing autosave', () => {
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

describe('brand colour autosave', () => {
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

describe('locks', () => {
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

describe('embed code', () => {
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
