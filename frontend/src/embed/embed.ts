// Entry of /embed.js (built by vite.embed.config.ts into dist/embed.js as a small IIFE).
// `document.currentScript` is only set while this script first runs, so read it now: its origin
// is the widget's default host. (A page that loads it some other way can still find the tag.)
import { installRafterEmbed } from './rafter-embed';

const script = (document.currentScript ??
  document.querySelector('script[src*="/embed.js"]')) as HTMLScriptElement | null;
installRafterEmbed(window, script?.src ?? null);
