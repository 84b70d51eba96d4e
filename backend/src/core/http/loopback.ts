import ipaddr from 'ipaddr.js';
import type { IncomingMessage } from 'node:http';

/** 127.0.0.0/8 and ::1, IPv4-mapped forms included. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** The addresses a `Forwarded` header names in its `for=` parameters, without ports. */
function forwardedFor(header: string): string[] {
  return [...header.matchAll(/for=("?)\[?([^\]";,]*)\]?(?::\d+)?\1/gi)].map((match) => match[2]!);
}

/**
 * True only when the request comes from this machine: the socket's own peer is a loopback
 * address, and if a proxy passed it on, every client address the proxy headers name is loopback
 * too (a proxy on this machine makes every visitor's socket peer 127.0.0.1). The forwarded
 * headers can only make the answer no, never yes, whatever TRUST_PROXY says, so a client who
 * writes `X-Forwarded-For: 127.0.0.1` gains nothing.
 */
export function isLoopbackRequest(request: IncomingMessage): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  const claimed: string[] = [];
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const xForwardedFor = header('x-forwarded-for');
  if (xForwardedFor !== undefined) claimed.push(...xForwardedFor.split(','));
  const xRealIp = header('x-real-ip');
  if (xRealIp !== undefined) claimed.push(xRealIp);
  const forwarded = header('forwarded');
  if (forwarded !== undefined) {
    const named = forwardedFor(forwarded);
    // A Forwarded header that names no client hides where the request came from.
    claimed.push(...(named.length > 0 ? named : ['unknown']));
  }
  return claimed.every((address) => isLoopbackAddress(address.trim()));
}
