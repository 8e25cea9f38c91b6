import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, PRIVATE_PROXIES, trustProxyFrom } from '../../gateway/src/server/config.js';

describe('TRUST_PROXY', () => {
  it('reads off, true, a hop count or a list of proxies', () => {
    for (const off of [undefined, '', 'false', 'off', '0']) expect(trustProxyFrom(off)).toBe(false);
    expect(trustProxyFrom('true')).toBe(true);
    expect(trustProxyFrom(' 2 ')).toBe(2);
    expect(trustProxyFrom('10.0.0.0/8, 192.168.1.7')).toBe('10.0.0.0/8, 192.168.1.7');
  });

  it('never trusts the left-most, client-written entry: true means the deployment’s own network', () => {
    expect(fastifyTrustProxy(true)).toBe(PRIVATE_PROXIES);
    expect(fastifyTrustProxy(false)).toBe(false);
    const hops = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('203.0.113.1', 1)]).toEqual([true, false]);
  });
});
