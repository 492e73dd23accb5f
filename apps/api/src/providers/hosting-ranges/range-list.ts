/**
 * The hosting and VPN ranges as a periodically imported file: one range a line, an IPv4 or IPv6
 * network in CIDR notation or a single address, anything after it (a `#` comment, a provider's
 * name) ignored; blank lines, comments and lines that are not a range are skipped. That is the
 * layout of the public lists a broker can download daily, X4BNet's lists_vpn
 * (`output/vpn/ipv4.txt`, `output/datacenter/ipv4.txt`: one network a line), or the ranges a
 * cloud provider publishes once turned into lines (docs/configuration.md). The file is read again
 * after `reloadMs`, so a new download is taken up without a restart. Matching is Node's own
 * `net.BlockList`.
 */
import { BlockList, isIP } from 'node:net';
import { type ListSource, ReloadingList } from '../list-source.ts';
import type { HostingRanges } from './port.ts';

export interface ParsedRanges {
  list: BlockList;
  /** Ranges read. */
  count: number;
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The ranges of a list file; a line that is not a range is skipped. */
export function parseRanges(text: string): ParsedRanges {
  const list = new BlockList();
  let count = 0;
  for (const line of text.split(/\r?\n/)) {
    const token =
      line
        .replace(/#.*$/, '')
        .trim()
        .split(/[\s,;]+/)[0] ?? '';
    const [address = '', prefix] = token.split('/');
    const kind = isIP(address);
    if (!kind) continue;
    if (prefix === undefined) {
      list.addAddress(address, family(address));
    } else {
      const bits = Number(prefix);
      if (!/^\d{1,3}$/.test(prefix) || bits > (kind === 6 ? 128 : 32)) continue;
      list.addSubnet(address, bits, family(address));
    }
    count++;
  }
  return { list, count };
}

/** An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, as a dual-stack socket reports it) is checked as IPv4. */
const plainAddress = (ip: string) => ip.replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

export class FileHostingRanges implements HostingRanges {
  private readonly ranges: ReloadingList<ParsedRanges>;

  constructor(source: ListSource, reloadMs: number, now: () => number = Date.now) {
    this.ranges = new ReloadingList(source, parseRanges, 'The hosting ranges list', 'text/plain', reloadMs, now);
  }

  async contains(ip: string): Promise<boolean> {
    const address = plainAddress(ip);
    if (!isIP(address)) return false;
    const { list } = await this.ranges.current();
    return list.check(address, family(address));
  }
}
