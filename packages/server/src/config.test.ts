import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, demoExposure, parseTrustProxy } from './config';

describe('demo mode exposure', () => {
  it('listens on this machine only when demo mode is on, unless HOST says otherwise', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(configFromEnv({ DATABASE_URL: 'postgres://x/y' }).host).toBe('0.0.0.0');
  });
  it('refuses a demo on a reachable address unless DEMO_PUBLIC=1, and then warns', () => {
    expect(demoExposure(configFromEnv({}))).toBe('ok');
    expect(demoExposure(configFromEnv({ HOST: '0.0.0.0' }))).toBe('refuse');
    expect(demoExposure(configFromEnv({ HOST: '192.168.1.20' }))).toBe('refuse');
    expect(demoExposure(configFromEnv({ HOST: '0.0.0.0', DEMO_PUBLIC: '1' }))).toBe('warn');
    expect(demoExposure(configFromEnv({ HOST: '0.0.0.0', DEMO: 'off' }))).toBe('ok');
    expect(demoExposure(configFromEnv({ HOST: '::1' }))).toBe('ok');
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; a number is that many proxy hops (true/on/yes: one), never "trust every hop"', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
    for (const off of ['', '0', 'off', 'false', 'no']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' true ')).toBe(1);
    expect(parseTrustProxy('yes')).toBe(1);
    expect(configFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
  it('takes a comma-separated list of the proxies’ addresses and CIDRs', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,::1, fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8', 'loopback']);
  });
  it('refuses to start on anything else, saying what it expects', () => {
    for (const bad of ['10.0.0.300', 'proxy.local', '10.0.0.0/40', '1,', '-1', '1.5', '99', 'all']) {
      expect(() => configFromEnv({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => parseTrustProxy('10.0.0.1,proxy.local')).toThrow(/TRUST_PROXY=10\.0\.0\.1,proxy\.local is not understood \("proxy\.local"\).*TRUST_PROXY=1/);
  });
});

describe('METRICS_ALLOW and METRICS_TOKEN', () => {
  it('lets this machine read /metrics by default only when the server listens on loopback', () => {
    expect(configFromEnv({}).metrics).toEqual({ allow: ['127.0.0.1', '::1'], token: null });
    expect(configFromEnv({ HOST: '0.0.0.0', DEMO: '0' }).metrics).toEqual({ allow: [], token: null });
  });
  it('takes addresses and CIDRs, and a token of 16 characters or more; refuses anything else', () => {
    expect(configFromEnv({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.5,::1', METRICS_TOKEN: 'a'.repeat(16) }).metrics).toEqual({
      allow: ['10.0.0.0/8', '192.168.1.5', '::1'],
      token: 'a'.repeat(16),
    });
    expect(() => configFromEnv({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => configFromEnv({ METRICS_ALLOW: 'prometheus.local' })).toThrow(/not an address or CIDR: "prometheus.local"/);
    expect(() => configFromEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN is too short/);
  });
});
