import { describe, expect, it } from 'vitest';
import { EMBED_RESERVED_HEIGHT_PX, embedSnippet } from './embed';

describe('embedSnippet', () => {
  const snippet = embedSnippet({
    ownerId: '0b6f5a4e-4c1f-4d8e-9a57-3f1e2d9c8b7a',
    color: '#0ea5e9',
    host: 'https://app.rafter.example/',
  });

  it.each([
    [
      'a container that reserves the frame height',
      `<div id="rafter-estimator" style="min-height:${EMBED_RESERVED_HEIGHT_PX}px"></div>`,
    ],
    [
      'the async script from the host',
      '<script src="https://app.rafter.example/embed.js" async></script>',
    ],
    ['the queue', 'window.RafterEmbed = window.RafterEmbed || { q: [] };'],
    [
      'the mount call with owner, selector, colour and host',
      'window.RafterEmbed.q.push({"ownerId":"0b6f5a4e-4c1f-4d8e-9a57-3f1e2d9c8b7a","selector":"#rafter-estimator","color":"#0ea5e9","host":"https://app.rafter.example"});',
    ],
  ])('holds %s', (_what, part) => {
    expect(snippet).toContain(part);
  });
});
