/**
 * How the project's tools start Debian's Chromium: the browser tests (Playwright), the Lighthouse
 * and coverage benchmarks, and the favicon script. One list of switches, so a browser test and a
 * benchmark run the same browser.
 */
const { readFileSync } = require('node:fs');

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every launch: no sandbox (root), no GPU, nothing fetched from the internet, no first-run UI. */
const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Browser UI that Chromium 156 builds in every new window, headless too: the address bar's
 * suggestion popup is a web page of its own (`chrome://omnibox-popup.top-chrome/`, two of them),
 * loaded in a renderer process of its own while the window's first page loads. No test and no
 * benchmark opens an address bar; on a 2-CPU machine the popup's renderer took the CPU from the
 * page under test (a quarter of the browser's CPU for each new context, docs/performance.md,
 * twenty-seventh run).
 */
const UNUSED_BROWSER_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * One `--disable-features` switch with `launcherDefaults` (the features the launcher itself
 * disables) and ours. Chromium keeps only the last `--disable-features` on its command line, and
 * a launcher puts its own first: a second switch with ours alone would turn the launcher's back on.
 */
function disableFeaturesSwitch(launcherDefaults) {
  return `--disable-features=${[...new Set([...launcherDefaults, ...UNUSED_BROWSER_FEATURES])].join(',')}`;
}

/**
 * The features Playwright's Chromium launcher disables. Playwright does not export the list, so
 * it is read from the installed playwright-core, the code that passes it; null when that code no
 * longer has it in the expected form.
 */
function playwrightDisabledFeatures() {
  try {
    const source = readFileSync(require.resolve('playwright-core/lib/coreBundle'), 'utf8');
    // The whole array literal, up to the `].filter(Boolean)` that ends it: a `]` in one of its
    // comments must not cut the list short.
    const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source)?.[1];
    if (!list) return null;
    const names = [...list.replace(/\/\/[^\n]*/g, '').matchAll(/"([A-Za-z0-9_]+)"/g)].map(
      (match) => match[1],
    );
    return names.length ? names : null;
  } catch {
    return null;
  }
}

/**
 * Playwright's `launchOptions.args`: our switches, then `extra`. Where Playwright's own disabled
 * features cannot be read, the browser UI stays on rather than losing them.
 */
function playwrightArgs(extra = []) {
  const defaults = playwrightDisabledFeatures();
  return [...CHROMIUM_SWITCHES, ...(defaults ? [disableFeaturesSwitch(defaults)] : []), ...extra];
}

exports.CHROMIUM_PATH = CHROMIUM_PATH;
exports.CHROMIUM_SWITCHES = CHROMIUM_SWITCHES;
exports.UNUSED_BROWSER_FEATURES = UNUSED_BROWSER_FEATURES;
exports.disableFeaturesSwitch = disableFeaturesSwitch;
exports.playwrightArgs = playwrightArgs;
