import { expect, test, type Locator, type Page } from './test';
import { contractorOnPlan } from './contractor';
import { homeownerFormToken } from './form-token';
import { messagesTo, uniqueEmail, waitForMail } from './mailbox';
import { sendQuote } from './quote';

// The follow-up sequence end to end (docs/followups.md): the contractor edits it in the
// Follow-ups tab, a homeowner's quote request starts it, its steps arrive on their days, each
// one shows in the lead's timeline, and a status change stops it before the next step.

/** A follow-up "day", as e2e/serve.mjs sets FOLLOW_UP_DAY_MS for the browser tests. */
const DAY_MS = 3000;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/**
 * Waits until the lead's timeline says `text`. A step's entry is written by the worker without
 * a realtime event, so each look reloads the page and opens the lead's details again.
 */
async function expectInTimeline(
  page: Page,
  leadId: string,
  leadName: string,
  text: string | RegExp,
  timeout: number,
): Promise<Locator> {
  const details = page.locator(`#lead-details-${leadId}`);
  await expect(async () => {
    await page.reload();
    await page.getByRole('button', { name: `Show details of ${leadName}` }).click();
    await expect(details).toContainText(text, { timeout: 2000 });
  }).toPass({ timeout });
  return details;
}

test('an edited sequence sends its steps in order, shows each in the timeline and stops when the lead is Contacted', async ({
  page,
}) => {
  const marker = Date.now().toString(36);
  const contractor = await contractorOnPlan(page, 'Smart Estimator');
  const ownerId = contractor.id;
  // Fetched as the widget would on loading; the quote goes once a person could have filled it.
  const form = await homeownerFormToken(page.request, ownerId);

  // The contractor edits the first step's subject; the live preview fills in the merge fields
  // with example details.
  await nav(page).getByRole('link', { name: 'Follow-ups' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Follow-ups');
  const sequence = page.getByRole('form', { name: 'Follow-up sequence' });
  const first = sequence.getByRole('group', { name: 'Step 1' });
  const second = sequence.getByRole('group', { name: 'Step 2' });
  // The default days, which the waits below are reckoned from.
  await expect(first.getByLabel('Day')).toHaveValue('2');
  await expect(second.getByLabel('Day')).toHaveValue('7');
  await expect(second.getByLabel('Subject')).toHaveValue('Still thinking about your roof?');
  await first
    .getByLabel('Subject')
    .fill(`{{firstName}}, any questions about your {{material}} roof? (${marker})`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Day 2 · E-mail, with example details');
  await expect(preview).toContainText(
    `Maria, any questions about your Asphalt shingles roof? (${marker})`,
  );
  await sequence.getByRole('button', { name: 'Save sequence' }).click();
  await expect(sequence.getByRole('status')).toHaveText('Saved');

  // A homeowner asks this contractor for a quote.
  const homeowner = uniqueEmail('sequence');
  const lastName = `Sequence${marker}`;
  const leadName = `Paula ${lastName}`;
  await form.filled();
  const requestedAt = Date.now();
  const leadId = await sendQuote(
    page.request,
    ownerId,
    {
      firstName: 'Paula',
      lastName,
      email: homeowner,
      phone: '5125550163',
      address: '2400 Windsor Rd, Austin, TX 78703, USA',
      zipCode: '78703',
      latitude: 30.2936,
      longitude: -97.7702,
      material: 'metal',
      roofArea: 1900,
      estimateLow: 11_400,
      estimateMid: 28_975,
      estimateHigh: 46_550,
    },
    form,
  );

  // The estimate e-mail at once, then day 2's step with the edited subject, no sooner than its day.
  const estimate = await waitForMail(homeowner, 1);
  expect(estimate.subject).toMatch(/^Your roof estimate from /);
  const day2 = await waitForMail(homeowner, 2);
  const day2Subject = `Paula, any questions about your Metal roof? (${marker})`;
  expect(day2.subject).toBe(day2Subject);
  expect(day2.text).toContain('Hi Paula');
  expect(Date.parse(day2.receivedAt), 'day 2 comes no sooner than its day').toBeGreaterThanOrEqual(
    requestedAt + 2 * DAY_MS,
  );

  // The lead's timeline in the CRM shows the step.
  await nav(page).getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead Management');
  await expectInTimeline(page, leadId, leadName, `Day 2 · E-mail sent: ${day2Subject}`, 15_000);

  // The contractor has called the homeowner: the lead becomes Contacted before day 7.
  const row = page.locator(`[data-lead-id="${leadId}"]`);
  const status = row.getByRole('combobox', { name: `Status of ${leadName}` });
  const saved = page.waitForResponse((response) =>
    response.url().endsWith(`/api/leads/${leadId}/status`),
  );
  await status.selectOption('contacted');
  expect((await saved).status()).toBe(200);
  await expect(status).toHaveValue('contacted');
  const marginMs = requestedAt + 7 * DAY_MS - Date.now();
  test.info().annotations.push({
    type: 'status change',
    description: `saved ${marginMs} ms before day 7 fell due`,
  });
  expect(
    marginMs,
    'the status was saved after day 7 fell due: this machine was too slow for the test days',
  ).toBeGreaterThan(0);

  // Day 7 falls due: the sequence stops instead of sending. The step's entry is written once it
  // is decided, after any e-mail it would have sent, so by then a day-7 e-mail would be here. A
  // "Day 7 · …" entry ends the wait too: a sequence that did not stop fails at once.
  const details = await expectInTimeline(
    page,
    leadId,
    leadName,
    /Follow-ups stopped: |Day 7 · /,
    7 * DAY_MS + 20_000,
  );
  const timeline = details
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Timeline' }) })
    .getByRole('listitem');
  const entries = await timeline.allTextContents();
  expect(
    entries.filter((entry) => entry.startsWith('Day 7')),
    'no day-7 step after the status change',
  ).toEqual([]);
  const order = [
    'Lead received',
    'Estimate e-mailed to the homeowner',
    `Day 2 · E-mail sent: ${day2Subject}`,
    'Status changed from New to Contacted',
    'Follow-ups stopped: the lead is Contacted',
  ].map((text) => entries.findIndex((entry) => entry.startsWith(text)));
  expect(order, entries.join('\n')).not.toContain(-1);
  expect(order, entries.join('\n')).toEqual([...order].sort((a, b) => a - b));
  expect((await messagesTo(homeowner)).map((message) => message.subject)).toEqual([
    estimate.subject,
    day2Subject,
  ]);
});
