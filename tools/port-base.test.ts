import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PORT_BASE, portBaseFrom, SITES } from '@warrant/config';
import { ROOT } from './app-sites.ts';

// WARRANT_PORT_BASE: the one setting that moves every port. Its validation, and what moving it
// does to the registry and the headers built from it.

const highestOffset = Math.max(...Object.values(SITES).map((site) => site.port)) - PORT_BASE;
/** A base other than the one this process runs on, so every moved port differs from its own. */
const MOVED_BASE = PORT_BASE + 1000 + highestOffset <= 65535 ? PORT_BASE + 1000 : PORT_BASE - 1000;

describe('portBaseFrom', () => {
  it('keeps the default ports when unset or empty', () => {
    expect(portBaseFrom(undefined)).toBe(5173);
    expect(portBaseFrom('')).toBe(5173);
  });

  it('accepts every base from 1024 to the one that puts the highest port on 65535', () => {
    expect(portBaseFrom('1024')).toBe(1024);
    expect(portBaseFrom('6173')).toBe(6173);
    expect(portBaseFrom(String(65535 - highestOffset))).toBe(65535 - highestOffset);
    expect(() => portBaseFrom(String(65536 - highestOffset))).toThrow(RangeError);
    expect(() => portBaseFrom('1023')).toThrow(RangeError);
  });

  it.each(['abc', '5173.5', ' 5173', '5173 ', '5173abc', '-5173', '+5173', '0x1435', '1e4', '99999999'])(
    'refuses %j in one line that names the setting, the range and the value',
    (value) => {
      expect(() => portBaseFrom(value)).toThrow(
        new RangeError(
          `WARRANT_PORT_BASE must be a whole number from 1024 to ${65535 - highestOffset} (the desk's port; the other sites keep their distance from it, up to ${highestOffset} above), not ${JSON.stringify(value)}.`,
        ),
      );
    },
  );

  it('never returns a base that puts any site outside 1024–65535, and refuses in one line', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer({ min: -100_000, max: 100_000 }).map(String)), (value) => {
        try {
          const base = portBaseFrom(value);
          expect(Number.isInteger(base)).toBe(true);
          expect(base).toBeGreaterThanOrEqual(1024);
          expect(base + highestOffset).toBeLessThanOrEqual(65535);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect((error as Error).message).not.toMatch(/[\n\r]/);
        }
      }),
    );
  });
});

describe('moving the base', () => {
  it('moves every origin and the headers built from them, keeping each distance', () => {
    const script = `import('@warrant/config').then(({ SITES, headersFor }) => console.log(JSON.stringify({ SITES, headers: Object.fromEntries(Object.values(SITES).map((s) => [s.name, headersFor(s)])) })))`;
    // Node with tsx's loader, not `npx tsx`: npx and tsx's launcher cost seconds on a loaded machine.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, WARRANT_PORT_BASE: String(MOVED_BASE) },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const moved = JSON.parse(run.stdout) as { SITES: typeof SITES; headers: Record<string, Record<string, string>> };
    for (const site of Object.values(SITES)) {
      const there = moved.SITES[site.name];
      expect(there.port - MOVED_BASE).toBe(site.port - PORT_BASE);
      expect(there.origin).toBe(`http://localhost:${there.port}`);
    }
    expect(moved.SITES.desk.port).toBe(MOVED_BASE);
    // Partner pages may be framed by the desk only: the moved desk.
    expect(moved.headers['pantry']?.['Content-Security-Policy']).toContain(
      `frame-ancestors ${moved.SITES.desk.origin}`,
    );
    expect(JSON.stringify(moved.headers)).not.toContain(`:${SITES.desk.port}`);
  });
});
