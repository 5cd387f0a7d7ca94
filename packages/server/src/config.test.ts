import { describe, expect, it } from 'vitest';
import { configFromEnv, demoExposure } from './config';

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
