import { describe, expect, it } from 'vitest';
import { addressBlockOf } from './address-block.ts';

describe('addressBlockOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBlockOf('192.0.2.7')).toBe('192.0.2.7');
  });

  it('gives every address of one IPv6 /64 the same block, however it is written', () => {
    const blocks = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0009',
      '2001:db8:1:2:a:b:192.0.2.1',
      '2001:db8:1:2::1%eth0',
    ].map(addressBlockOf);
    expect(new Set(blocks)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('gives neighbouring /64s blocks of their own', () => {
    expect(addressBlockOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBlockOf('::1')).toBe('0:0:0:0::/64');
    expect(addressBlockOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it maps', () => {
    expect(addressBlockOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressBlockOf('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(addressBlockOf('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('leaves what is not an IP address alone', () => {
    expect(addressBlockOf('unknown')).toBe('unknown');
  });
});
