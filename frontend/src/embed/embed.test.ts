import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UTM_KEYS, UTM_MAX_LENGTH } from '@rafter/domain/funnel';
import {
  hostParameters,
  IFRAME_TITLE,
  installRafterEmbed,
  resizeHeight,
  widgetUrl,
  type RafterEmbedApi,
} from './rafter-embed';

const HOST = 'https://rafter.example';
const SCRIPT_SRC = 'https://cdn-host.example/embed.js';
const OWNER_ID = '3f0e4f7a-6f43-4c59-9d0c-2a3b7f6f1e21';
/** What the frame's URL adds for this test page (jsdom's), which has no utm_* parameters. */
const HOST_PAGE = `&origin=${encodeURIComponent(window.location.origin)}`;

function api(): RafterEmbedApi {
  return window.RafterEmbed as RafterEmbedApi;
}

function frames(): HTMLIFrameElement[] {
  return [...document.querySelectorAll<HTMLIFrameElement>('iframe')];
}

function onlyFrame(): HTMLIFrameElement {
  const all = frames();
  expect(all).toHaveLength(1);
  return all[0]!;
}

function postFrom(source: Window | null, origin: string, data: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  document.body.innerHTML = '<div id="rafter-estimator"></div><div id="other"></div>';
  delete window.RafterEmbed;
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  document.body.innerHTML = '';
  delete window.RafterEmbed;
});

describe('the snippet queue', () => {
  it('mounts the configs queued before the script loaded', () => {
    window.RafterEmbed = { q: [] };
    (window.RafterEmbed.q as unknown[]).push({
      ownerId: OWNER_ID,
      selector: '#rafter-estimator',
      color: '#16a34a',
      host: HOST,
    });

    installRafterEmbed(window, SCRIPT_SRC);

    const iframe = onlyFrame();
    expect(iframe.parentElement?.id).toBe('rafter-estimator');
    expect(iframe.src).toBe(
      `${HOST}/widget?ownerId=${OWNER_ID}&color=%2316a34a&embed=1${HOST_PAGE}`,
    );
    expect(iframe.title).toBe(IFRAME_TITLE);
    expect(iframe.getAttribute('loading')).toBe('lazy');
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.height).toBe('600px');
    expect(iframe.style.display).toBe('block');
    expect(iframe.style.borderWidth).toMatch(/^0(px)?$/);
    expect(iframe.hasAttribute('allow')).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps the snippet array and mounts what is pushed after the script loaded', () => {
    const queue: unknown[] = [];
    window.RafterEmbed = { q: queue };
    installRafterEmbed(window, SCRIPT_SRC);
    expect(frames()).toHaveLength(0);

    // The snippet's own line, run after embed.js.
    window.RafterEmbed = window.RafterEmbed || { q: [] };
    (window.RafterEmbed.q as unknown[]).push({ ownerId: OWNER_ID, selector: '#other', host: HOST });

    expect(window.RafterEmbed.q).toBe(queue);
    expect(queue).toHaveLength(0);
    expect(onlyFrame().parentElement?.id).toBe('other');
  });

  it('works when the script runs before the snippet created the queue', () => {
    installRafterEmbed(window, SCRIPT_SRC);
    window.RafterEmbed = window.RafterEmbed || { q: [] };
    (window.RafterEmbed.q as unknown[]).push({ ownerId: OWNER_ID, selector: '#rafter-estimator' });

    expect(onlyFrame().src).toBe(
      `https://cdn-host.example/widget?ownerId=${OWNER_ID}&color=%2316a34a&embed=1${HOST_PAGE}`,
    );
  });

  it('exposes mount() and keeps the first install when the script is included twice', () => {
    installRafterEmbed(window, SCRIPT_SRC);
    const first = api().mount;
    installRafterEmbed(window, 'https://elsewhere.example/embed.js');
    expect(api().mount).toBe(first);

    api().mount({ ownerId: OWNER_ID, selector: '#rafter-estimator' });
    expect(onlyFrame().src.startsWith('https://cdn-host.example/widget?')).toBe(true);
  });
});

describe('the iframe URL', () => {
  it('encodes the owner id and colour and uses only the origin of host', () => {
    installRafterEmbed(window, SCRIPT_SRC);
    api().mount({
      ownerId: 'a b&c=d/é',
      selector: '#rafter-estimator',
      color: '#0ea5e9',
      host: 'https://rafter.example/some/path/?x=1#y',
    });
    expect(onlyFrame().getAttribute('src')).toBe(
      `https://rafter.example/widget?ownerId=a%20b%26c%3Dd%2F%C3%A9&color=%230ea5e9&embed=1${HOST_PAGE}`,
    );
  });

  it('defaults the colour to #16a34a', () => {
    expect(widgetUrl(HOST, 'x', '#16a34a')).toBe(
      `${HOST}/widget?ownerId=x&color=%2316a34a&embed=1`,
    );
    installRafterEmbed(window, SCRIPT_SRC);
    api().mount({ ownerId: 'x', selector: '#rafter-estimator', host: HOST, color: '' });
    expect(onlyFrame().src).toBe(`${HOST}/widget?ownerId=x&color=%2316a34a&embed=1${HOST_PAGE}`);
  });
});

describe("the host page's origin and campaign", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("passes the page's origin and its utm_* parameters to the frame, nothing else of its URL", () => {
    window.history.replaceState(
      null,
      '',
      '/roofing?utm_source=google&utm_campaign=spring%20sale&gclid=abc&utm_medium=cpc&utm_x=1#top',
    );
    installRafterEmbed(window, SCRIPT_SRC);
    api().mount({ ownerId: OWNER_ID, selector: '#rafter-estimator' });

    const url = new URL(onlyFrame().src);
    expect(url.origin + url.pathname).toBe('https://cdn-host.example/widget');
    expect([...url.searchParams]).toEqual([
      ['ownerId', OWNER_ID],
      ['color', '#16a34a'],
      ['embed', '1'],
      ['origin', window.location.origin],
      ['utm_source', 'google'],
      ['utm_campaign', 'spring sale'],
      ['utm_medium', 'cpc'],
    ]);
  });

  it('keeps the first of a repeated parameter and cuts values at the length the widget keeps', () => {
    const long = 'x'.repeat(UTM_MAX_LENGTH + 50);
    expect(
      hostParameters({
        href: 'https://host.example/a?b',
        search: `?utm_term=first&utm_term=second&utm_content=${long}&utm_source=`,
      }),
    ).toBe(
      `&origin=https%3A%2F%2Fhost.example&utm_term=first&utm_content=${'x'.repeat(UTM_MAX_LENGTH)}`,
    );
  });

  it('knows every UTM key the widget keeps', () => {
    const search = UTM_KEYS.map((key) => `utm_${key}=v`).join('&');
    expect(hostParameters({ href: 'https://host.example/', search })).toBe(
      `&origin=https%3A%2F%2Fhost.example&${search}`,
    );
  });

  it('passes nothing of a page that is not http(s)', () => {
    expect(hostParameters({ href: 'file:///C:/site/index.html', search: '?utm_source=x' })).toBe(
      '',
    );
  });
});

describe('resizing', () => {
  function mountOne(): HTMLIFrameElement {
    installRafterEmbed(window, SCRIPT_SRC);
    api().mount({ ownerId: OWNER_ID, selector: '#rafter-estimator', host: HOST });
    return onlyFrame();
  }

  it('sets the height its own frame reports', () => {
    const iframe = mountOne();
    postFrom(iframe.contentWindow, HOST, { type: 'rafter:resize', height: 1043.4 });
    expect(iframe.style.height).toBe('1044px');
  });

  it('never shrinks the frame below the reserved height, so the page does not move', () => {
    const iframe = mountOne();
    postFrom(iframe.contentWindow, HOST, { type: 'rafter:resize', height: 461 });
    expect(iframe.style.height).toBe('600px');
  });

  it('ignores messages from another window, another origin or with no source', () => {
    const iframe = mountOne();
    const stranger = document.createElement('iframe');
    document.body.appendChild(stranger);

    postFrom(stranger.contentWindow, HOST, { type: 'rafter:resize', height: 900 });
    postFrom(window, HOST, { type: 'rafter:resize', height: 900 });
    postFrom(iframe.contentWindow, 'https://evil.example', { type: 'rafter:resize', height: 900 });
    postFrom(null, HOST, { type: 'rafter:resize', height: 900 });

    expect(iframe.style.height).toBe('600px');
  });

  it('ignores other message types and heights that are not finite or out of range', () => {
    const iframe = mountOne();
    for (const data of [
      { type: 'rafter:showSignup' },
      { type: 'other', height: 900 },
      { type: 'rafter:resize', height: '900' },
      { type: 'rafter:resize', height: Number.NaN },
      { type: 'rafter:resize', height: Number.POSITIVE_INFINITY },
      { type: 'rafter:resize', height: 199 },
      { type: 'rafter:resize', height: 5001 },
      'rafter:resize',
      null,
    ]) {
      postFrom(iframe.contentWindow, HOST, data);
    }
    expect(iframe.style.height).toBe('600px');
    expect(resizeHeight({ type: 'rafter:resize', height: 200 })).toBe(200);
    expect(resizeHeight({ type: 'rafter:resize', height: 5000 })).toBe(5000);
  });

  it('does not take a sourceless message for a frame whose window is gone', () => {
    const iframe = mountOne();
    // A browser nulls contentWindow once the frame leaves the page (jsdom does not).
    iframe.remove();
    Object.defineProperty(iframe, 'contentWindow', { value: null });
    postFrom(null, HOST, { type: 'rafter:resize', height: 900 });
    expect(iframe.style.height).toBe('600px');
  });
});

describe('bad configs', () => {
  it.each([
    ['no config', undefined, /config object/],
    ['no selector', { ownerId: OWNER_ID, host: HOST }, /selector is required/],
    ['no ownerId', { selector: '#rafter-estimator', host: HOST }, /ownerId is required/],
    ['a blank ownerId', { selector: '#rafter-estimator', ownerId: '  ', host: HOST }, /ownerId/],
    [
      'a host that is not a URL',
      { selector: '#rafter-estimator', ownerId: OWNER_ID, host: 'rafter' },
      /host must be an http\(s\) URL/,
    ],
    [
      'a javascript: host',
      { selector: '#rafter-estimator', ownerId: OWNER_ID, host: 'javascript:alert(1)' },
      /host must be/,
    ],
    ['an invalid selector', { selector: '#(', ownerId: OWNER_ID, host: HOST }, /not a valid CSS/],
    ['a missing container', { selector: '#nope', ownerId: OWNER_ID, host: HOST }, /No element/],
  ])('logs a clear error for %s and does not throw', (_name, config, message) => {
    installRafterEmbed(window, SCRIPT_SRC);
    expect(() => api().mount(config)).not.toThrow();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(message);
    expect(frames()).toHaveLength(0);
  });

  it('asks for host when the script URL is unknown', () => {
    installRafterEmbed(window, null);
    api().mount({ ownerId: OWNER_ID, selector: '#rafter-estimator' });
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/host is required/);
    expect(frames()).toHaveLength(0);
  });

  it('mounts the good configs of a queue even when one is bad', () => {
    window.RafterEmbed = {
      q: [{ selector: '#other' }, { ownerId: OWNER_ID, selector: '#rafter-estimator', host: HOST }],
    };
    installRafterEmbed(window, SCRIPT_SRC);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(onlyFrame().parentElement?.id).toBe('rafter-estimator');
  });
});

describe('mounting twice', () => {
  it('leaves the first widget alone', () => {
    installRafterEmbed(window, SCRIPT_SRC);
    const config = { ownerId: OWNER_ID, selector: '#rafter-estimator', host: HOST };
    api().mount(config);
    const first = onlyFrame();
    api().mount({ ...config, ownerId: 'someone-else' });
    (window.RafterEmbed!.q as unknown[]).push(config);

    expect(onlyFrame()).toBe(first);
    expect(first.src).toContain(OWNER_ID);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('before the page has finished parsing', () => {
  afterEach(() => {
    delete (document as { readyState?: unknown }).readyState;
  });

  it('waits for DOMContentLoaded when the container is not there yet', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    installRafterEmbed(window, SCRIPT_SRC);
    api().mount({ ownerId: OWNER_ID, selector: '#later', host: HOST });
    expect(errors).not.toHaveBeenCalled();

    const later = document.createElement('section');
    later.id = 'later';
    document.body.appendChild(later);
    document.dispatchEvent(new Event('DOMContentLoaded'));

    expect(onlyFrame().parentElement).toBe(later);
  });

  it('mounts at once when the container is already parsed', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    installRafterEmbed(window, SCRIPT_SRC);
    api().mount({ ownerId: OWNER_ID, selector: '#rafter-estimator', host: HOST });
    expect(onlyFrame().parentElement?.id).toBe('rafter-estimator');
  });
});
