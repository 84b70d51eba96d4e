import { expect, test, type Page } from './test';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

// Another site frames Rafter. Only /widget and /calc/:slug may render there; any other page of
// the app, however the frame got to it, shows a short refusal that opens the page in its own tab.

const DEMO_SLUG = 'sunny-roof-1042';

let rafter: string;
/** Another site (127.0.0.1 and a port of its own; Rafter runs on localhost) with one page. */
let foreignSite: Server;
let foreignOrigin: string;

test.beforeAll(async () => {
  rafter = new URL(String(test.info().project.use.baseURL)).origin;
  foreignSite = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').searchParams.get('frame') ?? '/';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Someone else's site</title>
      <iframe title="Framed Rafter" src="${rafter}${path}" style="width:1000px;height:900px"></iframe>`);
  });
  await new Promise<void>((resolve) => foreignSite.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreignSite.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  foreignSite?.closeAllConnections();
  await new Promise((resolve) => foreignSite?.close(resolve));
});

async function frameOnForeignSite(page: Page, path: string) {
  await page.goto(`${foreignOrigin}/?frame=${encodeURIComponent(path)}`);
  return { rafter, frame: page.frameLocator('iframe[title="Framed Rafter"]') };
}

test('a share page framed by another site keeps the rest of the app out of that frame', async ({
  page,
}) => {
  const { rafter, frame } = await frameOnForeignSite(page, `/calc/${DEMO_SLUG}`);
  await expect(frame.getByText('Lone Star Roofing Co.').first()).toBeVisible();

  // The share page's footer links to Rafter's home page in a new tab: the frame keeps the share
  // page, and the rest of the app never renders inside it.
  const rafterLink = frame.getByRole('link', { name: 'Rafter', exact: true });
  await expect(rafterLink).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), rafterLink.click()]);
  await expect(tab).toHaveURL(`${rafter}/`);
  await expect(tab.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(
    frame.getByRole('heading', { name: 'Get Your Instant Roof Estimate' }),
  ).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
});

test('the dashboard and the home page stay out of another site even when their frame ban is lost on the way', async ({
  page,
}) => {
  // A proxy or CDN that drops the CSP and X-Frame-Options headers.
  const framedPage = (url: URL) =>
    url.origin === rafter && ['/', '/dashboard'].includes(url.pathname);
  await page.route(framedPage, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    delete headers['x-frame-options'];
    await route.fulfill({ response, headers });
  });

  for (const path of ['/dashboard', '/']) {
    const { rafter, frame } = await frameOnForeignSite(page, path);
    await expect(
      frame.getByRole('heading', { name: 'This page opens in its own tab' }),
    ).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Open Rafter in a new tab' })).toHaveAttribute(
      'href',
      `${rafter}${path}`,
    );
    await expect(frame.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  }
});

test('the widget and share pages still render inside another site', async ({ page }) => {
  const { frame } = await frameOnForeignSite(page, `/calc/${DEMO_SLUG}`);
  await expect(frame.getByText('Lone Star Roofing Co.').first()).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'This page opens in its own tab' })).toHaveCount(
    0,
  );
});
