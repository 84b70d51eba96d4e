import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { testEstimateAccuracy, testMaterialPricing } from '../../test/estimate-accuracy-fixtures';
import { renderWithQuery } from '../../test/render-with-query';
import { EstimateAccuracy } from './components/EstimateAccuracy';

const ACCURACY = 'GET /api/analytics/estimate-accuracy';

function renderAccuracy() {
  return renderWithQuery(
    <MemoryRouter>
      <EstimateAccuracy from="2026-03-01" to="2026-03-31" />
    </MemoryRouter>,
  );
}

describe('EstimateAccuracy', () => {
  it('asks for the range and shows estimate vs sold by material and roof size', async () => {
    const api = fakeApi({ [ACCURACY]: () => ({ body: testEstimateAccuracy() }) });
    renderAccuracy();

    const byMaterial = await screen.findByRole('table', { name: 'Estimate vs sold by material' });
    expect(api.calls(ACCURACY)[0]?.query.toString()).toBe('from=2026-03-01&to=2026-03-31');
    const asphalt = within(byMaterial).getByRole('row', { name: /Asphalt shingles/ });
    expect(
      within(asphalt)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '3',
      '$9,350',
      '$12,000',
      '22.1% under',
      '33.3%',
      '$5.50 - $6.50 per sq ftApply to my prices',
    ]);
    const metal = within(byMaterial).getByRole('row', { name: /Metal/ });
    expect(within(metal).getByText('After 3 sales')).toBeVisible();
    expect(within(metal).queryByRole('button')).not.toBeInTheDocument();

    const bySize = screen.getByRole('table', { name: 'Estimate vs sold by roof size' });
    expect(within(bySize).getByRole('row', { name: /1,500-2,499 sq ft/ })).toHaveTextContent(
      '2$18,400$21,00015.3% under50%',
    );
    expect(screen.getByText(/4 sales: your estimates were 15\.3% under/)).toBeVisible();
  });

  it('explains how accuracy appears when there are no sales yet', async () => {
    fakeApi({
      [ACCURACY]: () => ({
        body: testEstimateAccuracy({ overall: null, byMaterial: [], bySize: [] }),
      }),
    });
    renderAccuracy();
    expect(
      await screen.findByText(
        'Mark a lead Converted and enter what you sold it for; accuracy appears here.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains the upgrade when the plan does not include it', async () => {
    fakeApi({
      [ACCURACY]: () => ({
        status: 403,
        body: { error: 'Advanced analytics needs the Smart Estimator plan or higher' },
      }),
    });
    renderAccuracy();
    expect(
      await screen.findByText(/Estimate accuracy comes with the Smart Estimator plan/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade to Smart Estimator' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
  });

  it('applies a suggested range to that material only, after confirming', async () => {
    const saved = testMaterialPricing();
    const api = fakeApi({
      [ACCURACY]: () => ({ body: testEstimateAccuracy() }),
      'GET /api/material-pricing': () => ({ body: saved }),
      'PUT /api/material-pricing': ({ body }: FakeRequest) => ({
        body: { ...(body as object), custom: true },
      }),
    });
    renderAccuracy();

    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Apply $5.50 - $6.50 per sq ft to my Asphalt shingles prices',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Change your Asphalt shingles prices?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /api/material-pricing')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /^Apply .* Asphalt shingles/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Asphalt shingles now costs $5.50 - $6.50 per sq ft in your calculator.',
    );
    expect(api.calls('PUT /api/material-pricing')[0]?.body).toEqual({
      pricing: { ...saved.pricing, asphalt: { min: 5.5, max: 6.5 } },
    });
  });

  it('says why the prices were not saved and keeps the dialog open', async () => {
    fakeApi({
      [ACCURACY]: () => ({ body: testEstimateAccuracy() }),
      'GET /api/material-pricing': () => ({ body: testMaterialPricing() }),
      'PUT /api/material-pricing': () => ({
        status: 403,
        body: { error: 'Custom material pricing needs the Smart Estimator plan or higher' },
      }),
    });
    renderAccuracy();
    await userEvent.click(await screen.findByRole('button', { name: /^Apply .* Asphalt/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText(
        'Custom material pricing needs the Smart Estimator plan or higher.',
      ),
    ).toBeVisible();
  });
});
