import { expect, test, type Page } from './test';
import type { LeadInput } from '@rafter/domain/lead';
import { SCORE_RULES, scoreMainSiteLead } from '@rafter/domain/lead-score';
import type { BusinessProfileView } from '@rafter/domain/settings';
import { expectAccessible } from './accessibility';
import { signIn } from './contractor';
import { homeownerFormToken } from './form-token';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';

// Service areas are entries, one per chip: 'Austin, TX' is the city of Austin in Texas, not
// Austin anywhere plus all of Texas. Each entry is checked as it is added, shown back as typed,
// and the lead score (and distribution, through the same rule) treats Dallas as outside.

const PASSWORD = 'ridge-vent-58';

/** A contractor without a plan: signed up and confirmed through the API, signed in on the page. */
async function newContractor(page: Page) {
  const email = uniqueEmail('areas');
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { fullName: 'Avery Eaves', email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  const confirm = linkIn(await waitForMail(email), /\/api\/auth\/confirm-email\?token=/);
  expect((await page.request.get(confirm)).ok()).toBe(true);
  return signIn(page, email, PASSWORD);
}

test('service areas are one entry per chip, validated, shown as typed, and TX is not all of Texas', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const contractor = await newContractor(page);
  await page.goto('/dashboard?tab=profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Business profile' });
  const input = form.getByRole('combobox', { name: 'Areas of Service' });

  for (const entry of ['Austin, TX', '78702', 'Travis County, Texas', 'Austn']) {
    await input.fill(entry);
    await input.press('Enter');
  }
  const chips = form.getByTestId('service-area-chip');
  await expect(chips).toHaveText(['Austin, TX', '78702', 'Travis County, Texas', 'Austn']);
  await expect(form.getByTestId('service-area-errors')).toHaveText(
    '"Austn" needs a state, like "Austn, TX".',
  );
  await expectAccessible(page, 'the service area chips with an error');

  // Saving is refused while an entry is invalid; removing it lets the profile save.
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toBeVisible();
  await input.press('Backspace');
  await expect(chips).toHaveCount(3);
  await expect(form.getByTestId('service-area-errors')).toHaveCount(0);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('definition').filter({ hasText: 'Austin, TX' })).toHaveText(
    'Austin, TX · 78702 · Travis County, Texas',
  );

  const profile = await contractor.api<BusinessProfileView>('GET', '/api/profile');
  expect(profile.areasOfService).toEqual([
    { kind: 'city', label: 'Austin, TX', city: 'Austin', state: 'TX' },
    { kind: 'zip', label: '78702', zip: '78702' },
    { kind: 'county', label: 'Travis County, Texas', county: 'Travis County', state: 'TX' },
  ]);

  // Edited again, the entries come back as the same three chips.
  await page.reload();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(form.getByTestId('service-area-chip')).toHaveText([
    'Austin, TX',
    '78702',
    'Travis County, Texas',
  ]);

  // A Dallas homeowner is outside these areas: the score says so, as it would for any area that
  // does not cover Dallas (and distribution uses the same rule).
  const dallas: LeadInput = {
    firstName: 'Dale',
    lastName: 'Plains',
    email: 'dale.plains@example.com',
    phone: '2145550142',
    address: '500 Main St, Dallas, TX 75201, USA',
    zipCode: '75201',
    ownership: 'considering',
    material: 'asphalt',
    stories: 'one',
    roofArea: 1800,
    estimateLow: 6120,
    estimateMid: 8415,
    estimateHigh: 10_710,
  };
  const { token, filled } = await homeownerFormToken(page.request, contractor.id);
  await filled();
  const captured = await page.request.post('/api/capture-lead', {
    data: { ownerId: contractor.id, formToken: token, source: 'widget', lead: dallas },
  });
  expect(captured.status()).toBe(201);
  const receipt = (await captured.json()) as {
    score: number;
    roofArea: number;
    estimate: { mid: number };
  };
  // Without a service area the score is the main-site one; outside the areas it loses points.
  const withoutArea = scoreMainSiteLead({ ...dallas, roofArea: receipt.roofArea }).score;
  expect(receipt.score).toBe(withoutArea + SCORE_RULES.outside_service_area.points);
});
