import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previousPeriod, type AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import { FUNNEL_ROWS, type FunnelRow } from '@rafter/domain/funnel';
import { lowestPlanWithFeature } from '@rafter/domain/plans';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { AnalyticsTab } from './components/AnalyticsTab';
import { toCsv } from './utils/csv';

const COUNTS: Record<FunnelRow, [number, number]> = {
  view: [200, 160],
  start: [120, 100],
  address: [100, 90],
  measured: [90, 80],
  ownership: [85, 75],
  material: [80, 70],
  stories: [75, 65],
  estimate: [60, 50],
  quote: [30, 40],
  booked: [10, 0],
  won: [4, 2],
};

function response(
  request: FakeRequest,
  overrides: Partial<AnalyticsFunnelResponse> = {},
): AnalyticsFunnelResponse {
  const from = request.query.get('from')!;
  const to = request.query.get('to')!;
  const previous = previousPeriod(from, to);
  return {
    from,
    to,
    previousFrom: previous.from,
    previousTo: previous.to,
    timeZone: 'America/Chicago',
    funnel: FUNNEL_ROWS.map((step) => ({
      step,
      count: COUNTS[step][0],
      previous: COUNTS[step][1],
    })),
    daily: [
      { day: from, views: 120, quotes: 20 },
      { day: to, views: 80, quotes: 10 },
    ],
    breakdowns: {
      source: [
        {
          key: 'embed',
          origin: 'https://ridgeline.example',
          views: 150,
          starts: 90,
          estimates: 45,
          quotes: 25,
          booked: 8,
          won: 3,
        },
        { key: 'share_page', views: 40, starts: 25, estimates: 12, quotes: 4, booked: 2, won: 0 },
        { key: 'widget', views: 10, starts: 5, estimates: 3, quotes: 1, booked: 0, won: 0 },
      ],
      campaign: [
        { key: '', views: 120, starts: 70, estimates: 35, quotes: 15, booked: 5, won: 0 },
        {
          key: 'Spring, "Roof" sale',
          views: 70,
          starts: 45,
          estimates: 22,
          quotes: 14,
          booked: 5,
          won: 0,
        },
        {
          key: '=HYPERLINK("x")',
          views: 10,
          starts: 5,
          estimates: 3,
          quotes: 1,
          booked: 0,
          won: 0,
        },
      ],
      device: [
        { key: 'mobile', views: 130, starts: 80, estimates: 40, quotes: 20, booked: 6, won: 0 },
        { key: 'desktop', views: 70, starts: 40, estimates: 20, quotes: 10, booked: 4, won: 0 },
      ],
      material: [
        { key: 'asphalt', views: 50, starts: 50, estimates: 40, quotes: 18, booked: 6, won: 0 },
        { key: 'metal', views: 20, starts: 20, estimates: 15, quotes: 9, booked: 4, won: 0 },
      ],
      zip: [
        { key: '78701', views: 60, starts: 60, estimates: 35, quotes: 16, booked: 6, won: 0 },
        { key: '78704', views: 30, starts: 30, estimates: 20, quotes: 11, booked: 4, won: 0 },
      ],
    },
    updatedAt: '2026-11-27T17:58:00.000Z',
    ...overrides,
  };
}

function analyticsApi(answer: (request: FakeRequest) => { status?: number; body?: unknown }) {
  return fakeApi({ 'GET /api/analytics/funnel': answer });
}

function renderTab(access: 'loading' | 'allowed' | 'locked' = 'allowed') {
  return renderWithQuery(
    <MemoryRouter>
      <AnalyticsTab
        access={access}
        upgradeTo="/dashboard?tab=subscription"
        calculatorTo="/dashboard?tab=calculator"
      />
    </MemoryRouter>,
  );
}

/** A table row's cells after its heading cell, as text. */
function rowCells(table: HTMLElement, name: RegExp): string[] {
  const row = within(table).getByRole('row', { name });
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

beforeEach(() => {
  // Only the clock is fake: the presets count back from Friday 27 November 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 27, 12, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The files the tab's 'Download CSV' buttons write, and the link clicks that save them. */
function captureDownloads() {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:analytics';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { files, click };
}

describe('Analytics tab', () => {
  it('shows each funnel step with conversion from the first, drop-off and change', async () => {
    analyticsApi((request) => ({ body: response(request) }));
    renderTab();
    const table = await screen.findByRole('table', { name: /Funnel by step/ });
    // Count, from first step, drop-off from the step before, previous period, change.
    expect(rowCells(table, /Opened the calculator/)).toEqual(['200', '100%', '—', '160', '+25%']);
    expect(rowCells(table, /Entered a zip code/)).toEqual(['120', '60%', '40%', '100', '+20%']);
    expect(rowCells(table, /Requested a quote/)).toEqual(['30', '15%', '50%', '40', '−25%']);
    expect(rowCells(table, /Booked an inspection/)).toEqual(['10', '5%', '66.7%', '0', 'New']);
    expect(rowCells(table, /Won/)).toEqual(['4', '2%', '60%', '2', '+100%']);
    expect(
      screen.getByText('Oct 29, 2026 – Nov 27, 2026, compared with Sep 29, 2026 – Oct 28, 2026.'),
    ).toBeVisible();
    expect(screen.getByRole('figure', { name: /Funnel chart/ })).toBeInTheDocument();
    expect(screen.getByText(/^Updated Nov 27/)).toBeVisible();
  });

  it('asks for the last 30 days, and for the range a preset or custom dates choose', async () => {
    const api = analyticsApi((request) => ({ body: response(request) }));
    renderTab();
    await screen.findByRole('table', { name: /Funnel by step/ });
    const asked = () => {
      const last = api.calls('GET /api/analytics/funnel').at(-1)!;
      return [last.query.get('from'), last.query.get('to')];
    };
    expect(asked()).toEqual(['2026-10-29', '2026-11-27']);

    const choose = async (label: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
      await userEvent.click(await screen.findByRole('option', { name: label }));
    };
    await choose('Last 7 days');
    await waitFor(() => expect(asked()).toEqual(['2026-11-21', '2026-11-27']));
    await choose('Last 90 days');
    await waitFor(() => expect(asked()).toEqual(['2026-08-30', '2026-11-27']));
    await choose('This year');
    await waitFor(() => expect(asked()).toEqual(['2026-01-01', '2026-11-27']));

    await choose('Custom range');
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('2026-01-01');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-28');
    expect(await screen.findByText('From must not be after to')).toBeVisible();
    const before = api.calls('GET /api/analytics/funnel').length;
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-02');
    await waitFor(() => expect(asked()).toEqual(['2026-11-02', '2026-11-27']));
    expect(api.calls('GET /api/analytics/funnel').length).toBe(before + 1);
  });

  it('shows the breakdowns by source, campaign and device on Smart', async () => {
    analyticsApi((request) => ({ body: response(request) }));
    renderTab();
    const source = await screen.findByRole('table', { name: /By source/ });
    expect(rowCells(source, /^Embed/)).toEqual([
      'https://ridgeline.example',
      '150',
      '90',
      '45',
      '25',
      '8',
      '3',
      '16.7%',
    ]);
    expect(within(source).getByRole('rowheader', { name: 'Share page' })).toBeVisible();
    expect(within(source).getByRole('rowheader', { name: 'Website widget' })).toBeVisible();
    const campaign = screen.getByRole('table', { name: /By campaign/ });
    expect(within(campaign).getByRole('rowheader', { name: '(no campaign)' })).toBeVisible();
    const device = screen.getByRole('table', { name: /By device/ });
    expect(rowCells(device, /^Mobile/)).toEqual(['130', '80', '40', '20', '6', '0', '15.4%']);
    expect(screen.queryByRole('link', { name: /Upgrade to/ })).toBeNull();
  });

  it('shows the breakdowns by roof material (named) and zip code, each with its CSV', async () => {
    analyticsApi((request) => ({ body: response(request) }));
    const { files, click } = captureDownloads();
    renderTab();
    const material = await screen.findByRole('table', { name: /By roof material/ });
    expect(within(material).getByRole('columnheader', { name: 'Material' })).toBeVisible();
    expect(rowCells(material, /^Asphalt shingles/)).toEqual([
      '50',
      '50',
      '40',
      '18',
      '6',
      '0',
      '36%',
    ]);
    expect(rowCells(material, /^Metal/)).toEqual(['20', '20', '15', '9', '4', '0', '45%']);
    const zip = screen.getByRole('table', { name: /By zip code/ });
    expect(within(zip).getByRole('columnheader', { name: 'Zip code' })).toBeVisible();
    expect(rowCells(zip, /^78704/)).toEqual(['30', '30', '20', '11', '4', '0', '36.7%']);
    expect(
      within(zip)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['78701', '78704']);

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: By roof material' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: By zip code' }));
    expect(click.mock.contexts.map((link) => (link as HTMLAnchorElement).download)).toEqual([
      'rafter-by-material-2026-10-29-to-2026-11-27.csv',
      'rafter-by-zip-2026-10-29-to-2026-11-27.csv',
    ]);
    expect(await files[0]!.text()).toBe(
      'Material,Opened,Started,Saw estimate,Requested quote,Booked,Won,Quote rate (%)\r\n' +
        'Asphalt shingles,50,50,40,18,6,0,36\r\n' +
        'Metal,20,20,15,9,4,0,45\r\n',
    );
    expect(await files[1]!.text()).toBe(
      'Zip code,Opened,Started,Saw estimate,Requested quote,Booked,Won,Quote rate (%)\r\n' +
        '78701,60,60,35,16,6,0,26.7\r\n' +
        '78704,30,30,20,11,4,0,36.7\r\n',
    );
  });

  it('says which visits the material and zip code tables count when they are empty', async () => {
    analyticsApi((request) => {
      const body = response(request);
      return { body: { ...body, breakdowns: { ...body.breakdowns!, material: [], zip: [] } } };
    });
    renderTab();
    const material = await screen.findByRole('table', { name: /By roof material/ });
    expect(
      within(material).getByText('No visitor chose a material in this range yet.'),
    ).toBeVisible();
    const zip = screen.getByRole('table', { name: /By zip code/ });
    expect(
      within(zip).getByText('No visitor had an address measured in this range yet.'),
    ).toBeVisible();
  });

  it('explains breakdowns and estimate accuracy with the upgrade when the plan has only totals', async () => {
    analyticsApi((request) => ({ body: response(request, { breakdowns: null, updatedAt: null }) }));
    renderTab();
    const plan = lowestPlanWithFeature('analyticsBreakdowns');
    expect(
      await screen.findByRole('heading', {
        name: `Breakdowns and estimate accuracy come with the ${plan.name} plan`,
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: `Upgrade to ${plan.name}` })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(screen.getByRole('table', { name: /Funnel by step/ })).toBeVisible();
    expect(screen.queryByRole('table', { name: /By source/ })).toBeNull();
    expect(screen.getByText('Figures update every minute')).toBeVisible();
  });

  it('explains what will appear, and where to get the embed code, when nobody visited', async () => {
    analyticsApi((request) => {
      const body = response(request);
      return {
        body: { ...body, funnel: body.funnel.map((row) => ({ ...row, count: 0 })), daily: [] },
      };
    });
    renderTab();
    expect(
      await screen.findByRole('heading', {
        name: 'No calculator visits from Oct 29, 2026 – Nov 27, 2026',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get the embed code' })).toHaveAttribute(
      'href',
      '/dashboard?tab=calculator',
    );
    expect(screen.getByRole('link', { name: 'Share your calculator link' })).toHaveAttribute(
      'href',
      '/dashboard?tab=calculator',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('downloads a table as CSV with commas, quotes and formulas made safe', async () => {
    analyticsApi((request) => ({ body: response(request) }));
    const { files, click } = captureDownloads();
    renderTab();
    await screen.findByRole('table', { name: /By campaign/ });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: By campaign' }));

    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'rafter-by-campaign-2026-10-29-to-2026-11-27.csv',
    );
    // A byte-order mark first, so Excel reads the file as UTF-8.
    expect([...new Uint8Array(await files[0]!.arrayBuffer()).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
    expect(files[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await files[0]!.text()).toBe(
      'Campaign,Opened,Started,Saw estimate,Requested quote,Booked,Won,Quote rate (%)\r\n' +
        '(no campaign),120,70,35,15,5,0,12.5\r\n' +
        '"Spring, ""Roof"" sale",70,45,22,14,5,0,20\r\n' +
        `"'=HYPERLINK(""x"")",10,5,3,1,0,0,10\r\n`,
    );
  });

  it('quotes fields with line breaks and leaves empty values empty', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['two\nlines', null],
          [-3, '-3'],
        ],
      ),
    ).toBe('a,b\r\n"two\nlines",\r\n-3,\'-3\r\n');
  });

  it('offers a plan when the server refuses (403)', async () => {
    const api = analyticsApi(() => ({ status: 403, body: { error: 'An active plan is needed' } }));
    renderTab();
    expect(
      await screen.findByRole('heading', { name: 'Funnel analytics comes with every plan' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls('GET /api/analytics/funnel')).toHaveLength(1);
  });

  it('asks nothing while the plan is locked, and shows other failures with a retry', async () => {
    let fail = true;
    const api = analyticsApi((request) =>
      fail ? { status: 500, body: { error: 'Something went wrong' } } : { body: response(request) },
    );
    const locked = renderTab('locked');
    expect(
      screen.getByRole('heading', { name: 'Funnel analytics comes with every plan' }),
    ).toBeVisible();
    expect(api.requests).toHaveLength(0);
    locked.unmount();

    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Your analytics did not load/);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /Funnel by step/ })).toBeVisible();
  });
});
