import ipaddr from 'ipaddr.js';

/**
 * Who is signing in, as far as the network tells: an IPv4 address as it is, an IPv6 address by
 * its /64, the block one subscriber line is usually given (counting single IPv6 addresses would
 * hand anyone 2^64 fresh starts). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}
