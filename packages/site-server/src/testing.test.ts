import { describe, expect, it } from 'vitest';
import { appTestEngines } from './testing.ts';

// Which engines an app's server test runs on: PGlite for every test, PostgreSQL for the tests it
// names only, and a test of its own that fails when a name it was given matches no test.

type Registered = { title: string; body: () => unknown };

function recorder(): { it: (title: string, body: () => unknown) => void; registered: Registered[] } {
  const registered: Registered[] = [];
  return { it: (title, body) => void registered.push({ title, body }), registered };
}

describe('appTestEngines', () => {
  it('runs an app test on PGlite alone when it names no test for PostgreSQL', () => {
    const { it: fake } = recorder();
    const rows = appTestEngines('/nowhere', 'postgres://nowhere', fake);
    expect(rows.map(([engine]) => engine)).toEqual(['pglite']);
    expect(rows[0]?.[2]).toBe(fake);
  });

  it('registers on PostgreSQL only the tests named, and a check that passes when each name was registered', () => {
    const { it: fake, registered } = recorder();
    const [, postgres] = appTestEngines('/nowhere', 'postgres://nowhere', fake, ['the main write path']);
    expect(postgres?.[0]).toBe('postgres');
    const onPostgres = postgres![2];
    onPostgres('refuses a bad input', () => undefined);
    onPostgres('the main write path', () => undefined);
    expect(registered.map(({ title }) => title)).toEqual([
      'runs on PostgreSQL every test it names',
      'the main write path',
    ]);
    expect(() => registered[0]!.body()).not.toThrow();
  });

  it('fails its check when a name matches no test (a test renamed would otherwise leave PostgreSQL)', () => {
    const { it: fake, registered } = recorder();
    const [, postgres] = appTestEngines('/nowhere', 'postgres://nowhere', fake, ['the old title']);
    postgres![2]('the new title', () => undefined);
    expect(() => registered[0]!.body()).toThrow(/No test is named "the old title"/);
  });
});
