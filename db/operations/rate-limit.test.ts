import { describe, expect, it } from 'vitest';
import { addressGroup } from './rate-limit.ts';

describe('the address group a per-address limit counts under', () => {
  it('is an IPv6 address’s /64, however the address is written', () => {
    const group = '2001:db8:5:7::/64';
    for (const address of ['2001:db8:5:7::1', '2001:db8:5:7::ffff', '2001:0db8:0005:0007:aaaa:bbbb:cccc:dddd', '[2001:db8:5:7::2]', '2001:DB8:5:7:0:0:0:3', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:5:7::9')]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:5:8::1')).toBe('2001:db8:5:8::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('is an IPv4 address itself, also when it comes inside IPv6', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressGroup('[::FFFF:CB00:7109]')).toBe('203.0.113.9');
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
