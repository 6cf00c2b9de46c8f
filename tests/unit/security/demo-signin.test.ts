import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#lib/server/config.ts';

const demo = (env: Record<string, string>) => parseConfig(env).demoSignIn;

describe('demo sign-in is decided by the address visitors use', () => {
  it('is on for a loopback http PUBLIC_URL (or the default of a loopback HOST) without Discord', () => {
    expect(demo({})).toBe(true);
    expect(demo({ HOST: 'localhost' })).toBe(true);
    expect(demo({ HOST: '::1' })).toBe(true);
    expect(demo({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toBe(true);
    expect(demo({ PUBLIC_URL: 'http://localhost:4321/', HOST: '0.0.0.0' })).toBe(true);
    expect(demo({ PUBLIC_URL: 'http://[::1]:4321' })).toBe(true);
  });

  it('is off behind a reverse proxy even though HOST is loopback (the probe: admin on https)', () => {
    expect(demo({ HOST: '127.0.0.1', PUBLIC_URL: 'https://stats.example.org' })).toBe(false);
    expect(demo({ HOST: '127.0.0.1', PUBLIC_URL: 'http://stats.example.org' })).toBe(false);
    expect(demo({ HOST: '127.0.0.1', PUBLIC_URL: 'https://127.0.0.1:4321' })).toBe(false);
    expect(demo({ HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.10:4321' })).toBe(false);
  });

  it('is off on every interface without PUBLIC_URL, on a network HOST, with Discord, or with DEMO_SIGNIN=off', () => {
    expect(demo({ HOST: '0.0.0.0' })).toBe(false);
    expect(demo({ HOST: '::' })).toBe(false);
    expect(demo({ HOST: '10.0.0.5' })).toBe(false);
    expect(demo({ DISCORD_CLIENT_ID: 'abc' })).toBe(false);
    expect(demo({ DEMO_SIGNIN: 'off' })).toBe(false);
  });

  it('DEMO_SIGNIN=on turns it on beside Discord on a loopback address', () => {
    expect(demo({ DEMO_SIGNIN: 'on', DISCORD_CLIENT_ID: 'abc' })).toBe(true);
  });

  it('DEMO_SIGNIN=on with any other PUBLIC_URL stops with a message naming the variables', () => {
    for (const env of [
      { DEMO_SIGNIN: 'on', PUBLIC_URL: 'https://stats.example.org' },
      { DEMO_SIGNIN: 'on', HOST: '0.0.0.0' },
    ]) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(/^Invalid configuration:\n {2}DEMO_SIGNIN: .*PUBLIC_URL/);
    }
    expect(() => parseConfig({ DEMO_SIGNIN: 'yes' })).toThrow(/DEMO_SIGNIN: must be 'auto', 'on' or 'off'/);
  });

  it('npm start refuses to start with DEMO_SIGNIN=on and a public PUBLIC_URL (exit 2, the message)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const result = spawnSync(process.execPath, ['scripts/start.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DEMO_SIGNIN: 'on', PUBLIC_URL: 'https://stats.example.org', DATA_DIR: '/nonexistent' },
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/DEMO_SIGNIN: 'on' .*PUBLIC_URL is https:\/\/stats\.example\.org/);
  });
});
