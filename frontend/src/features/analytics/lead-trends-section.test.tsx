import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadTrends, LeadTrendsFigures } from '@rafter/domain/lead-trends';
import { fakeApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { LeadTrendsSection } from './components/LeadTrendsSection';

const LEADS = 'GET /api/analytics/leads';
const none: LeadTrendsFigures = {
  leads: 0,
  pipelineValue: 0,
  won: 0,
  wonValue: 0,
  wonWithSoldPrice: 0,
};

function trends(overrides: Partial<LeadTrends> = {}): LeadTrends {
  return {
    from: '2026-11-09',
    to: '2026-11-11',
    previousFrom: '2026-11-06',
    previousTo: '2026-11-08',
    timeZone: 'America/Chicago',
    daily: [
      {
        day: '2026-11-09',
        leads: 2,
        pipelineValue: 10_000,
        won: 0,
        wonValue: 0,
        wonWithSoldPrice: 0,
      },
      {
        day: '2026-11-10',
        leads: 2,
        pipelineValue: 21_000,
        won: 2,
        wonValue: 24_000,
        wonWithSoldPrice: 1,
      },
      { day: '2026-11-11', ...none },
    ],
    totals: { leads: 4, pipelineValue: 31_000, won: 2, wonValue: 24_000, wonWithSoldPrice: 1 },
    previous: { leads: 2, pipelineValue: 13_000, won: 1, wonValue: 5_000, wonWithSoldPrice: 1 },
    ...overrides,
  };
}

function renderSection() {
  return renderWithQuery(<LeadTrendsSection from="2026-11-09" to="2026-11-11" />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LeadTrendsSection', () => {
  it('shows the totals against the period before, a described chart and the days as a table', async () => {
    const api = fakeApi({ [LEADS]: () => ({ body: trends() }) });
    renderSection();

    const section = await screen.findByRole('region', { name: 'Leads and pipeline value' });
    expect(await within(section).findByText('$31,000')).toBeVisible();
    expect(api.calls(LEADS)[0]?.query.toString()).toBe('from=2026-11-09&to=2026-11-11');
    expect(within(section).getByText('+100% (2 before)')).toBeVisible();
    expect(within(section).getByText('+138.5% ($13,000 before)')).toBeVisible();
    expect(
      within(section).getByText('1 of 2 from sold prices, the rest at the estimate'),
    ).toBeVisible();
    expect(
      within(section).getByRole('figure', {
        name: /4 leads worth \$31,000 in pipeline value from .*, 2 won for \$24,000; the busiest day was/,
      }),
    ).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Show as a table' }));
    const table = within(section).getByRole('table', { name: /Leads and pipeline value by day/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Day',
      'Leads',
      'Pipeline value ($)',
      'Won',
      'Won value ($)',
      'Won with a sold price',
    ]);
    const tenth = within(table).getAllByRole('row')[2]!;
    expect(
      within(tenth)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '$21,000', '2', '$24,000', '1']);
  });

  it('downloads the days as CSV with raw numbers', async () => {
    fakeApi({ [LEADS]: () => ({ body: trends() }) });
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:leads';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download CSV: Leads and pipeline value by day' }),
    );
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'rafter-leads-2026-11-09-to-2026-11-11.csv',
    );
    expect(await files[0]!.text()).toBe(
      'Day,Leads,Pipeline value ($),Won,Won value ($),Won with a sold price\r\n' +
        '2026-11-09,2,10000,0,0,0\r\n' +
        '2026-11-10,2,21000,2,24000,1\r\n' +
        '2026-11-11,0,0,0,0,0\r\n',
    );
  });

  it('says so when no quote requests came in', async () => {
    fakeApi({
      [LEADS]: () => ({
        body: trends({
          daily: trends().daily.map((day) => ({ ...day, ...none })),
          totals: none,
          previous: none,
        }),
      }),
    });
    renderSection();
    expect(await screen.findByText(/^No quote requests from /)).toBeVisible();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry that asks again', async () => {
    let calls = 0;
    fakeApi({
      [LEADS]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: 'Something went wrong' } }
          : { body: trends() };
      },
    });
    renderSection();
    expect(await screen.findByText(/Leads and pipeline value did not load/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry leads and pipeline value' }));
    expect(await screen.findByText('$31,000')).toBeVisible();
  });
});
