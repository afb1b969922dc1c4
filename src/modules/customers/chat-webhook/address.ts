import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a chat webhook may reach. Never: link-local (169.254/16 with the cloud metadata
 * address, fe80::/10), unspecified, multicast, broadcast, reserved, documentation and benchmark
 * ranges, and the cloud metadata host names. Loopback, private (RFC 1918, fc00::/7) and carrier-grade
 * NAT only when allowed (CHAT_WEBHOOK_ALLOW_PRIVATE, for tests and demo mode). IPv4-mapped and
 * IPv4-compatible IPv6 forms are judged as the IPv4 address they carry (node's BlockList does so).
 */
const never = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  never.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['fe80::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['2002::', 16],
] as const)
  never.addSubnet(net, bits, 'ipv6');

const privateRanges = new BlockList();
for (const [net, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv6');

/** Host names of cloud metadata services, refused whatever they resolve to. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'metadata.azure.internal', 'instance-data', 'instance-data.ec2.internal', 'metadata.packet.net', 'metadata.tencentyun.com']);

/** IPv4 forms inside IPv6 that BlockList does not see through (`::a.b.c.d` compatible, NAT64 is blocked outright). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower.replace(/^::/, '0:'));
  if (dotted && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const a = parseInt(hex[1], 16);
    const b = parseInt(hex[2], 16);
    return [a >> 8, a & 255, b >> 8, b & 255].join('.');
  }
  return null;
}

/** Why an address may not be reached, or null when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const family = isIP(address);
  if (!family) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const candidates: Array<[string, 'ipv4' | 'ipv6']> = v4 ? [[v4, 'ipv4']] : [];
  if (family === 6) candidates.push([address, 'ipv6']);
  for (const [a, f] of candidates) {
    if (never.check(a, f)) return `${address} is a link-local, metadata, multicast, unspecified or reserved address`;
    if (!allowPrivate && privateRanges.check(a, f)) return `${address} is a loopback or private address`;
  }
  return null;
}

/** Why a host name may not be reached by name alone (metadata services), or null. */
export function refusedName(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(name)) return `${hostname} is a cloud metadata service`;
  return null;
}

export class RefusedTarget extends Error {
  readonly code = 'ETARGETREFUSED';
}

/** Every address the name resolves to, each one checked; any refused address refuses the name. */
export async function vettedAddresses(hostname: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const byName = refusedName(bare);
  if (byName) throw new RefusedTarget(byName);
  if (isIP(bare)) {
    const refused = refusedAddress(bare, allowPrivate);
    if (refused) throw new RefusedTarget(refused);
    return [{ address: bare, family: isIP(bare) }];
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(bare, { all: true, verbatim: true }, (error, found) => (error ? reject(new RefusedTarget(`${hostname} does not resolve (${error.code ?? error.message})`)) : resolve(found))),
  );
  if (!addresses.length) throw new RefusedTarget(`${hostname} does not resolve`);
  for (const { address } of addresses) {
    const refused = refusedAddress(address, allowPrivate);
    if (refused) throw new RefusedTarget(`${hostname} resolves to ${refused.replace(/^\S+ /, `${address} which `)}`);
  }
  return addresses;
}
