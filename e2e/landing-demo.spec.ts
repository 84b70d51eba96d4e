import { expect, test, type Page } from './test';
import { MATERIAL_LABELS } from '@rafter/domain/materials';
import { OWNERSHIP_LABELS, STORIES_LABELS } from '@rafter/domain/property';

// The live demo on our own landing page is for contractors trying the product: a quote request
// sent from it must reach no contractor (the main-site flow would offer it to up to three
// paying ones), and the page says so. The seeded demo contractor serves 78701, so a request
// through the main-site flow from this address would become its lead.

const DEMO_ZIP = '78701';
const DEMO_ADDRESS = '1100 Congress Ave, Austin, TX';

async function goOffline(page: Page) {
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort('internetdisconnected'));
}

test('a quote request from the landing demo goes to no contractor, and the demo says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await goOffline(page);
  const quoteCalls: string[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      /\/api\/(main-site-leads|capture-lead|demo-requests)/.test(request.url())
    ) {
      quoteCalls.push(new URL(request.url()).pathname);
    }
  });

  await page.goto('/#demo');
  const demo = page.getByRole('region', { name: 'Try the calculator your customers will use' });

  const widget = demo.getByRole('region', { name: 'Roof replacement estimate' });
  await expect(widget.getByText('Step 1 of 6')).toBeVisible({ timeout: 30_000 });
  const next = widget.getByRole('button', { name: 'Continue', exact: true });
  await widget.getByRole('textbox', { name: 'Zip Code' }).fill(DEMO_ZIP);
  await next.click();
  await widget.getByRole('combobox', { name: 'Property address' }).fill(DEMO_ADDRESS);
  await expect(widget.getByTestId('selected-address')).toHaveText(`${DEMO_ADDRESS} ${DEMO_ZIP}`);
  await widget.getByRole('button', { name: 'Measure Roof' }).click();
  const measured = page.getByRole('dialog', { name: 'Measurement Complete!' });
  await expect(measured).toBeVisible({ timeout: 30_000 });
  await measured.getByRole('button', { name: 'Continue', exact: true }).click();
  await widget.getByRole('radio', { name: OWNERSHIP_LABELS.owner }).check();
  await next.click();
  await widget.getByRole('radio', { name: new RegExp(`^${MATERIAL_LABELS.asphalt}`) }).check();
  await next.click();
  await widget.getByRole('radio', { name: STORIES_LABELS.one }).check();
  await next.click();
  await expect(widget.getByText('Step 6 of 6')).toBeVisible();

  await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Your Exact Quote' });
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Demi');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Trial');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('demi.trial@example.com');
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('(512) 555-0199');
  const answered = page.waitForResponse((response) =>
    /\/api\/(main-site-leads|capture-lead|demo-requests)$/.test(response.url()),
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await answered).status()).toBe(201);
  // The request went to the demo endpoint, which stores nothing, and to nothing else.
  expect(quoteCalls).toEqual(['/api/demo-requests']);
  await expect(dialog.getByRole('status')).toContainText(
    'Nothing was sent: this was a demo. On your website, this request would now be in your dashboard as a scored lead.',
  );

  // The closing prompt for roofers follows, as in the main-site flow.
  await expect(page.getByRole('dialog', { name: 'Your Estimate is Ready!' })).toBeVisible();
  await page.keyboard.press('Escape');

  // What the page says about the demo is true.
  await expect(demo).toContainText('a quote request sent from it is not saved and goes to no one');
  await expect(demo).not.toContainText('Rafter team');
  await expect(widget).toContainText(
    'This was a demo: nothing was sent and no roofer will contact you.',
  );
  await expect(widget).not.toContainText('A roofing professional will contact you shortly');
  await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
  await expect(dialog).toContainText(
    'This is a demo: what you enter here is not saved and no roofer will contact you.',
  );
  await expect(dialog.getByRole('link', { name: 'Get a real quote' })).toHaveAttribute(
    'href',
    '/widget',
  );
});
