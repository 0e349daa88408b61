import { describe, expect, it } from '@jest/globals';
import { rateLimitAddress } from './client-address.js';

describe('rateLimitAddress', () => {
  it('keeps IPv4 addresses and keys that are not addresses', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('email:someone@example.com')).toBe('email:someone@example.com');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    expect(rateLimitAddress('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:0DB8:0001:0002:ffff:0:0:b')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(rateLimitAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(rateLimitAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
