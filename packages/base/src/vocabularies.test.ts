import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTORS, CALLERS } from './actors.ts';
import { CHANNELS } from './channels.ts';
import { BROKER_EVENTS, DESK_EVENTS, LEDGER_EVENTS } from './events.ts';
import { POLICY_VERDICTS } from './policy-verdicts.ts';
import { STATUSES } from './statuses.ts';

const VOCABULARIES = {
  'actors.ts': ACTORS,
  'channels.ts': CHANNELS,
  'statuses.ts': STATUSES,
  'policy-verdicts.ts': POLICY_VERDICTS,
  'events.ts': LEDGER_EVENTS,
};

describe('the closed vocabularies', () => {
  it.each(Object.entries(VOCABULARIES))(
    '%s: each member once, a lowercase word a record can hold',
    (_file, members) => {
      expect(new Set(members).size).toBe(members.length);
      for (const member of members) expect(member).toMatch(/^[a-z][a-z_]*$/);
    },
  );

  // A vocabulary is read by people deciding what a row means: every member says what it stands for.
  it.each(Object.entries(VOCABULARIES))(
    '%s: every member is preceded by a comment saying what it means',
    (file, members) => {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      for (const member of members) expect(source, member).toMatch(new RegExp(`\\*/\\n\\s*'${member}',`));
    },
  );

  it('callers are the actors that call a tool: everyone but the system', () => {
    expect([...CALLERS]).toEqual(ACTORS.filter((actor) => actor !== 'system'));
  });

  it("a ledger's events are the broker's and the desk's, with none in both", () => {
    expect([...LEDGER_EVENTS]).toEqual([...BROKER_EVENTS, ...DESK_EVENTS]);
    expect(BROKER_EVENTS.filter((event) => (DESK_EVENTS as readonly string[]).includes(event))).toEqual([]);
  });
});
