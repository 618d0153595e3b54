import { describe, expect, it } from 'vitest';
import { LOOPBACK_ADDRESS } from '@warrant/config';
import { serveSiteControl, testControlPortFrom, type ControlledSite } from './site-control.ts';

// The browser tests' switch for one site's server, over real HTTP, with sites that only say
// whether they serve: that serve-all closes and opens the real one is the browser test's
// (lease-faults.spec stops a partner and starts it again).

function site(): ControlledSite & { readonly acts: string[] } {
  let serving = true;
  const acts: string[] = [];
  return {
    acts,
    serving: () => serving,
    stop: async () => {
      acts.push('stop');
      serving = false;
    },
    start: async () => {
      acts.push('start');
      serving = true;
    },
    setupLink: async () =>
      serving ? { url: 'http://localhost/#enrol=x', expiresAt: '2026-12-07T00:00:00.000Z' } : null,
    reset: async () => {
      if (!serving) return false;
      acts.push('reset');
      return true;
    },
  };
}

describe('the site control', () => {
  it('stops and starts a site it serves, once each however often it is asked, and names what it does not serve', async () => {
    const pantry = site();
    const control = await serveSiteControl({ port: 0, host: LOOPBACK_ADDRESS, sites: new Map([['pantry', pantry]]) });
    try {
      const address = `http://${LOOPBACK_ADDRESS}:${control.port}`;
      const post = async (path: string) => {
        const response = await fetch(`${address}${path}`, { method: 'POST' });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await post('/sites/pantry/stop')).toEqual({
        status: 200,
        body: { ok: true, site: 'pantry', serving: false },
      });
      expect(await post('/sites/pantry/stop')).toEqual({
        status: 200,
        body: { ok: true, site: 'pantry', serving: false },
      });
      expect(await post('/sites/pantry/start')).toEqual({
        status: 200,
        body: { ok: true, site: 'pantry', serving: true },
      });
      expect(pantry.acts).toEqual(['stop', 'start']);
      expect(await post('/sites/shelter/stop')).toMatchObject({
        status: 404,
        body: { ok: false, code: 'UNKNOWN_SITE', sites: ['pantry'] },
      });
      expect((await fetch(`${address}/sites/pantry/stop`)).status).toBe(404);
    } finally {
      await control.close();
    }
  });

  it("mints a site's setup link as its operator would, and says so when it cannot", async () => {
    const pantry = site();
    const control = await serveSiteControl({ port: 0, host: LOOPBACK_ADDRESS, sites: new Map([['pantry', pantry]]) });
    try {
      const post = async (path: string) => {
        const response = await fetch(`http://${LOOPBACK_ADDRESS}:${control.port}${path}`, { method: 'POST' });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await post('/sites/pantry/setup-link')).toEqual({
        status: 200,
        body: { ok: true, site: 'pantry', url: 'http://localhost/#enrol=x', expiresAt: '2026-12-07T00:00:00.000Z' },
      });
      await post('/sites/pantry/stop');
      expect(await post('/sites/pantry/setup-link')).toMatchObject({
        status: 409,
        body: { ok: false, code: 'NO_SETUP_LINK' },
      });
    } finally {
      await control.close();
    }
  });

  it("resets a site's data as its operator would, and says so when it cannot", async () => {
    const pantry = site();
    const control = await serveSiteControl({ port: 0, host: LOOPBACK_ADDRESS, sites: new Map([['pantry', pantry]]) });
    try {
      const post = async (path: string) => {
        const response = await fetch(`http://${LOOPBACK_ADDRESS}:${control.port}${path}`, { method: 'POST' });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await post('/sites/pantry/reset')).toEqual({ status: 200, body: { ok: true, site: 'pantry' } });
      expect(pantry.acts).toEqual(['reset']);
      await post('/sites/pantry/stop');
      expect(await post('/sites/pantry/reset')).toMatchObject({ status: 409, body: { ok: false, code: 'NOT_RESET' } });
    } finally {
      await control.close();
    }
  });

  it('reads its port from WARRANT_TEST_CONTROL_PORT, and names the setting for anything but a port', () => {
    expect(testControlPortFrom(undefined)).toBeNull();
    expect(testControlPortFrom(' ')).toBeNull();
    expect(testControlPortFrom('16075')).toBe(16_075);
    for (const bad of ['80', '70000', 'x', '1e4'])
      expect(() => testControlPortFrom(bad)).toThrow(/^WARRANT_TEST_CONTROL_PORT must be a port from 1024 to 65535/);
  });
});
