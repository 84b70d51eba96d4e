/**
 * Height the snippet's container reserves and the embedded frame keeps at least, so a
 * contractor's page does not move while the widget loads: the first step fits inside it, and
 * later steps grow the frame only after the visitor acts (which layout-shift metrics exclude).
 */
export const EMBED_RESERVED_HEIGHT_PX = 600;

export const EMBED_CONTAINER_ID = 'rafter-estimator';

/** The snippet a contractor pastes on their site (spec section 9: container, script, mount call). */
export function embedSnippet(options: { ownerId: string; color: string; host: string }): string {
  const host = options.host.replace(/\/+$/, '');
  const config = JSON.stringify({
    ownerId: options.ownerId,
    selector: `#${EMBED_CONTAINER_ID}`,
    color: options.color,
    host,
  });
  return [
    `<div id="${EMBED_CONTAINER_ID}" style="min-height:${EMBED_RESERVED_HEIGHT_PX}px"></div>`,
    `<script src="${host}/embed.js" async></script>`,
    '<script>',
    '  window.RafterEmbed = window.RafterEmbed || { q: [] };',
    `  window.RafterEmbed.q.push(${config});`,
    '</script>',
  ].join('\n');
}
