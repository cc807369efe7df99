import { describe, expect, it } from 'vitest';
import { clientGroup, clientKey } from './rate-limit.ts';

describe('client groups', () => {
  it('groups an IPv6 client by its /64, whatever its interface bits or notation', () => {
    expect(clientGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff::9'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });

  it('keeps IPv4 addresses whole, also when written as IPv4-mapped IPv6', () => {
    expect(clientGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7')).not.toBe(clientKey('203.0.113.8'));
  });

  it('stores a hash, never the address', () => {
    expect(clientKey('203.0.113.7')).toMatch(/^[\w-]{22}$/);
    expect(clientKey('203.0.113.7')).not.toContain('203');
  });
});
