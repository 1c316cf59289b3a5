import { BlockList, isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { plainAddress } from '@docent/accounts';
import { DOCENT_CONFIG } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';

/**
 * The client address the attempt limits count: the socket's peer, unless that peer is a trusted
 * proxy (DOCENT_TRUSTED_PROXIES), in which case `X-Forwarded-For` is read from the right,
 * skipping trusted proxies, to the first address a trusted proxy did not add. Anything left of
 * it is the client's own say and never trusted.
 */
@Injectable()
export class ClientAddresses {
  private readonly trusted = new BlockList();
  private readonly any: boolean;

  constructor(@Inject(DOCENT_CONFIG) config: DocentConfig) {
    for (const cidr of config.trustedProxies) {
      const [address = '', bits = ''] = cidr.split('/');
      this.trusted.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
    }
    this.any = config.trustedProxies.length > 0;
  }

  of(req: Request): string {
    const peer = plainAddress(req.socket.remoteAddress ?? '');
    if (!this.any || !this.isTrusted(peer)) return peer || 'unknown';
    const hops = (req.headers['x-forwarded-for'] ?? '')
      .toString()
      .split(',')
      .map((hop) => plainAddress(hop.trim()))
      .filter((hop) => hop !== '');
    let client = peer;
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i]!;
      if (isIP(hop) === 0) break;
      client = hop;
      if (!this.isTrusted(hop)) break;
    }
    return client;
  }

  private isTrusted(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}
