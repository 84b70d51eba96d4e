import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

/** The numbered section headings ("1. …", "2. …") of the open legal page, in order. */
function numberedSectionHeadings() {
  return screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '')
    .filter((text) => /^\d+\. /.test(text));
}

function sectionText(headingName: RegExp): string {
  const heading = screen.getByRole('heading', { level: 2, name: headingName });
  return heading.closest('section')?.textContent ?? '';
}

describe('/terms', () => {
  it('shows the Terms of Service with its date and exactly 15 numbered sections', async () => {
    renderApp('/terms');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeVisible();
    expect(screen.getByText('Last updated November 25, 2026')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Terms of Service · Rafter'));

    const headings = numberedSectionHeadings();
    expect(headings).toHaveLength(15);
    expect(headings.map((text) => Number.parseInt(text, 10))).toEqual(
      Array.from({ length: 15 }, (_, index) => index + 1),
    );
    expect(headings).toContain('6. Money-back guarantee and refunds');
    expect(headings).toContain('9. Availability and support');
  });

  it('states the refund, billing, uptime, support, data and liability terms', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    const refunds = sectionText(/Money-back guarantee and refunds/);
    expect(refunds).toMatch(/within 14 days of your first payment/);
    // The way the app offers it, not an e-mail.
    expect(refunds).toMatch(/open Subscription and choose Request refund/);
    expect(refunds).not.toMatch(/To ask for a refund, email us/);
    expect(refunds).toMatch(/Starter Estimator: 4 or more leads\./);
    expect(refunds).toMatch(/Smart Estimator: 10 or more leads\./);
    expect(refunds).toMatch(
      /Instant Estimator: 10 or more leads — this plan has unlimited leads, so it has the Smart Estimator plan's threshold\./,
    );
    expect(refunds).toMatch(/ends your subscription at once/);
    expect(refunds).toMatch(/once per account/);
    expect(refunds).toMatch(/7-10 business days/);

    expect(sectionText(/Plans, billing and promotions/)).toMatch(/monthly, in advance/);
    expect(sectionText(/Plans, billing and promotions/)).toMatch(/QUOTE20/);
    expect(sectionText(/Plans, billing and promotions/)).toMatch(
      /upgrade starts at once.*move to a smaller plan starts at your next renewal/s,
    );
    expect(sectionText(/Cancelling/)).toMatch(/end of your current billing period/);
    expect(sectionText(/Availability and support/)).toMatch(/99\.9% uptime/);
    expect(sectionText(/Availability and support/)).toMatch(/24-48 business hours/);
    expect(sectionText(/Your lead data/)).toMatch(/You own the lead data/);
    expect(sectionText(/Your lead data/)).toMatch(/export your leads/);
    expect(sectionText(/Limitation of liability/)).toMatch(/12 months/);
  });

  it('lists every section in the table of contents', async () => {
    renderApp('/terms');
    const toc = await screen.findByRole('navigation', { name: 'Contents' });

    expect(within(toc).getAllByRole('link')).toHaveLength(15);
    expect(
      within(toc).getByRole('link', { name: 'Money-back guarantee and refunds' }),
    ).toHaveAttribute('href', '#refunds');
  });

  it('has a back-to-home button at the top and at the bottom that go home', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    const backButtons = screen.getAllByRole('link', { name: 'Back to home' });
    expect(backButtons).toHaveLength(2);

    await userEvent.click(backButtons[1]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Instant roof-replacement estimates/ }),
    ).toBeVisible();
  });
});

describe('/privacy', () => {
  it('shows the Privacy Policy with exactly 14 numbered sections', async () => {
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Privacy Policy · Rafter'));

    const headings = numberedSectionHeadings();
    expect(headings).toHaveLength(14);
    expect(headings.map((text) => Number.parseInt(text, 10))).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    );
    expect(screen.getAllByRole('link', { name: 'Back to home' })).toHaveLength(2);
  });

  it('covers requests, data sales, age, export, CCPA/GDPR and access controls', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    expect(sectionText(/Your rights and choices/)).toMatch(/within 30 days/);
    expect(sectionText(/Your rights and choices/)).toMatch(/CSV or JSON/);
    expect(sectionText(/We do not sell your data/)).toMatch(/do not sell personal information/);
    expect(sectionText(/Minimum age/)).toMatch(/at least 18 years old/);
    expect(sectionText(/CCPA.*GDPR/)).toMatch(/California Consumer Privacy Act/);
    expect(sectionText(/CCPA.*GDPR/)).toMatch(/General Data Protection Regulation/);
    expect(sectionText(/Security/)).toMatch(/role-based access controls/);
    expect(sectionText(/Information we collect/)).toMatch(/on behalf of a contractor/);
    expect(sectionText(/Service providers/)).toMatch(/Payments.*Email.*Maps/s);
  });
});
