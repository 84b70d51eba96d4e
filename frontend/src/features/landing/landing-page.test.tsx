import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_INTERACTED_EVENT } from '../../lib/demo-interaction';
import { renderApp } from '../../test/render-app';

/** An IntersectionObserver whose targets come into view only when a test says so. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Brings `target` near the viewport, as scrolling would. */
  static reveal(target: Element) {
    for (const observer of FakeIntersectionObserver.instances) {
      if (!observer.targets.has(target)) continue;
      const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  // Signed out, and sign-up without Google: enough API for the page and its auth dialog.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const [status, body] =
        pathname === '/api/auth/options'
          ? [200, { google: { enabled: false, demo: false }, demoAccount: null }]
          : [401, { error: 'Not signed in' }];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderLanding(path = '/') {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: /Instant roof-replacement estimates/ });
}

describe('landing page', () => {
  it('shows the QUOTE20 promo banner', async () => {
    await renderLanding();

    const banner = screen.getByRole('note', { name: 'Promotion' });
    expect(banner).toHaveTextContent('Use code QUOTE20 for 20% off your first month');
  });

  it('states the claims in the hero', async () => {
    await renderLanding();

    const claims = screen.getByRole('list', { name: 'Why contractors choose Rafter' });
    expect(
      within(claims)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '5 minute setup',
      '14-day money-back guarantee',
      'Month-to-month billing, no contracts',
      'No setup fees',
    ]);
  });

  it('shows the four how-it-works steps in order', async () => {
    await renderLanding();

    const section = screen.getByRole('region', { name: /4 steps/ });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Sign Up', 'Embed on Your Site', 'Leads Flow In', 'Close More Deals']);
  });

  it('shows the three plans with their prices, leads and features, Smart as Most Popular', async () => {
    await renderLanding();

    const pricing = screen.getByRole('region', { name: 'Simple month-to-month pricing' });
    const plans = within(pricing).getAllByRole('article');
    expect(
      plans.map((plan) => within(plan).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Starter Estimator', 'Smart Estimator', 'Instant Estimator']);

    const starter = within(pricing).getByRole('article', { name: 'Starter Estimator' });
    const smart = within(pricing).getByRole('article', { name: 'Smart Estimator' });
    const instant = within(pricing).getByRole('article', { name: 'Instant Estimator' });

    expect(starter).toHaveTextContent('$17/month');
    expect(starter).toHaveTextContent('10 leads per month');
    expect(smart).toHaveTextContent('$47/month');
    expect(smart).toHaveTextContent('50 leads per month');
    expect(instant).toHaveTextContent('$97/month');
    expect(instant).toHaveTextContent('Unlimited leads');

    expect(within(smart).getByText('Most Popular')).toBeVisible();
    expect(within(starter).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(instant).queryByText('Most Popular')).not.toBeInTheDocument();

    expect(within(starter).getByText('Pipeline stages and notes')).toBeVisible();
    expect(within(smart).getByText('AI lead scoring')).toBeVisible();
    expect(within(instant).getByText('Custom logo')).toBeVisible();
  });

  it('links the header to sections that exist, and the footer to contact and legal pages', async () => {
    await renderLanding();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link')) {
      const target = link.getAttribute('href') ?? '';
      expect(target).toMatch(/^#/);
      expect(document.getElementById(target.slice(1))).not.toBeNull();
    }
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Features', 'Pricing', 'Live Demo']);

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:hello@rafter.app',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('puts the section links and the account buttons behind a menu button that Escape closes', async () => {
    await renderLanding();
    const user = userEvent.setup();

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '')!;
    expect(menu).not.toBeNull();
    expect(
      within(within(menu).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#features', '#pricing', '#demo']);
    expect(await within(menu).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Get Started' })).toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Features' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('compares quoting without Rafter to quoting with it', async () => {
    await renderLanding();

    const section = screen.getByRole('region', {
      name: 'Stop chasing quotes. Start closing jobs.',
    });
    const without = within(section).getByRole('article', { name: 'Without Rafter' });
    const withRafter = within(section).getByRole('article', { name: 'With Rafter' });
    expect(without).toHaveTextContent(/Phone tag/);
    expect(withRafter).toHaveTextContent(/0-100 lead score/);
    expect(within(withRafter).getAllByRole('listitem')).toHaveLength(4);
  });

  it('states the claims beside the prices', async () => {
    await renderLanding();

    const pricing = screen.getByRole('region', { name: 'Simple month-to-month pricing' });
    const claims = within(pricing).getByRole('list', { name: 'Included with every plan' });
    expect(
      within(claims)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '5 minute setup',
      '14-day money-back guarantee',
      'Month-to-month billing, no contracts',
      'No setup fees',
    ]);
    expect(pricing).toHaveTextContent('Use code QUOTE20 for 20% off your first month');
  });

  it("shows an estimating firm's endorsement with the person's name and role", async () => {
    await renderLanding();

    const section = screen.getByRole('region', { name: 'Endorsed by estimators' });
    const quote = within(section).getByRole('figure');
    expect(quote.querySelector('blockquote')).toHaveTextContent(/Rafter’s ranges land close/);
    expect(quote.querySelector('figcaption')).toHaveTextContent(
      'Marcus BellChief Estimator, Keystone Roof Estimating',
    );
  });

  it('a plan button remembers the plan and opens sign-up', async () => {
    await renderLanding();

    const pricing = screen.getByRole('region', { name: 'Simple month-to-month pricing' });
    await userEvent.click(within(pricing).getByRole('button', { name: 'Choose Smart Estimator' }));

    // The dialog's code loads on first use, which a busy machine takes seconds over.
    expect(
      await screen.findByRole('dialog', { name: 'Sign Up' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(localStorage.getItem('selectedPlan')).toBe('smart');
  });

  it('loads the live demo only near the viewport, and announces the first interaction once', async () => {
    const announced = vi.fn();
    window.addEventListener(DEMO_INTERACTED_EVENT, announced);
    try {
      await renderLanding();
      const demo = screen.getByRole('region', {
        name: 'Try the calculator your customers will use',
      });
      expect(demo).toHaveAttribute('id', 'demo');
      expect(demo).toHaveTextContent(
        'It is a demo: a quote request sent from it is not saved and goes to no one.',
      );
      expect(within(demo).getByRole('status')).toHaveTextContent('Loading the live demo…');
      expect(
        screen.queryByRole('region', { name: 'Roof replacement estimate' }),
      ).not.toBeInTheDocument();

      act(() => FakeIntersectionObserver.reveal(screen.getByTestId('demo-frame')));

      const estimator = await within(demo).findByRole('region', {
        name: 'Roof replacement estimate',
      });
      expect(within(estimator).getByText('Step 1 of 6')).toBeVisible();
      expect(announced).not.toHaveBeenCalled();

      const zip = within(estimator).getByRole('textbox', { name: 'Zip Code' });
      await userEvent.click(zip);
      await userEvent.type(zip, '78701');
      await userEvent.click(within(estimator).getByRole('button', { name: 'Continue' }));

      expect(announced).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(DEMO_INTERACTED_EVENT, announced);
    }
  });
});
