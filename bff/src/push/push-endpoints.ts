import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { OutboundTargets } from './outbound-targets';

/** The push services browsers subscribe with (Chrome/Edge's FCM, Firefox, Safari, Windows), https only. */
const KNOWN_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^(updates\.)?push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/,
];

export const PUSH_SERVICE_REFUSED =
  "This browser's push service is not one Stagely can send notifications to. Notifications stay off on this device.";

/** Addresses a push must never reach: this machine, private networks, link-local (cloud metadata), etc. */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv6');

/** True for an address inside this machine or a private network (IPv4-mapped IPv6 included). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Which push endpoints the server sends to: https on the known push services' hosts, and the origins an
 * operator adds (PUSH_SERVICE_ORIGINS: a self-hosted push service, or a test's loopback one), trusted as given.
 */
export class PushEndpoints extends OutboundTargets {
  protected accepts(url: URL): boolean {
    return url.protocol === 'https:' && !url.port && KNOWN_PUSH_HOSTS.some((h) => h.test(url.hostname));
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the connection itself that refuses internal addresses, so a name that resolves (or is
 * rebound) to one is refused at the moment of connecting, not only when the subscription was saved.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal || addresses.length === 0) {
      const refused = new Error(
        `push service ${hostname} resolves to an internal address (${internal?.address ?? 'none'})`,
      ) as NodeJS.ErrnoException;
      refused.code = 'EPUSHINTERNAL';
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
