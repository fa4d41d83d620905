import { describe, expect, it } from 'vitest';
import { loginClientKey, loginSlowdownMs } from './login-throttle-rules';

describe('login throttle rules', () => {
  it('keys an IPv4 client by its address and an IPv6 client by its /64 network', () => {
    expect(loginClientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(loginClientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(loginClientKey('2001:db8:7:1::5')).toBe('2001:db8:7:1::/64');
    expect(loginClientKey('2001:0db8:0007:0001:ffff:1:2:3')).toBe('2001:db8:7:1::/64');
    expect(loginClientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(loginClientKey('::1')).toBe('0:0:0:0::/64');
    expect(loginClientKey('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64');
    expect(loginClientKey(null)).toBe('unknown');
    expect(loginClientKey('not an address')).toBe('unknown');
  });

  it('slows an e-mail down only once it has five failures, doubling every five more, up to five seconds', () => {
    expect([0, 4, 5, 9, 10, 15, 20, 25, 30, 1000].map(loginSlowdownMs)).toEqual([0, 0, 200, 200, 400, 800, 1600, 3200, 5000, 5000]);
  });
});
