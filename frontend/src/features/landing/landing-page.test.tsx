import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

async function renderLanding() {
  renderApp('/');
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
    ).toEqual(['Features', 'Pricing']);

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
});
