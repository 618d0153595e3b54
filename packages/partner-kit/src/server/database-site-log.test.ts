// The partner's log in its database, on both engines, as two server processes over one database
// meet it (two logs over the same database here): each hears the other's appends and not its own
// (its own are folded already), a task's position moves with its own appends, a process that did
// not see another's append is refused, and a rolled-back append leaves its place free, so another
// process's append there is heard.
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { migrate, type Database } from '@warrant/site-server';
import { testEngines } from '@warrant/site-server/testing';
import { StaleLogError } from '../site-log.ts';
import { databaseSiteLog, LOG_CHANNEL, type DatabaseSiteLog } from './database-site-log.ts';

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));
const entry = (seq: number) => ({ seq, kind: 'staff', note: `entry ${seq}` });

describe.each(Object.entries(testEngines(inject('pgliteRoot'), inject('postgresUrl'))))(
  'the partner log on %s',
  (_engine, open) => {
    let db: Database;
    let one: DatabaseSiteLog;
    let other: DatabaseSiteLog;
    const heard = { one: 0, other: 0 };

    beforeEach(async () => {
      db = await open();
      await migrate(db, MIGRATIONS);
      [one, other] = [databaseSiteLog(db), databaseSiteLog(db)];
      heard.one = heard.other = 0;
      one.watch(() => (heard.one += 1));
      other.watch(() => (heard.other += 1));
      // Listening starts with each log; a listen after theirs is ready only once theirs are.
      await (
        await db.listen(LOG_CHANNEL, () => undefined)
      )();
    });
    afterEach(async () => {
      await Promise.all([one.close(), other.close()]);
      await db.close();
    });

    /** Reads, then appends `seqs` in one task; answers the positions the task saw. */
    const appendIn = (log: DatabaseSiteLog, ...seqs: number[]) =>
      log.exclusive(async () => {
        await log.read();
        const seen: string[] = [];
        for (const seq of seqs) seen.push(await log.append(entry(seq)), await log.position());
        return seen;
      });

    it("hears the other process's appends and not its own; a task's position moves with its own appends", async () => {
      expect(await appendIn(one, 1, 2)).toEqual(['1:1', '1:1', '1:2', '1:2']);
      await vi.waitFor(() => expect(heard.other).toBe(2));
      expect(await appendIn(other, 3)).toEqual(['1:3', '1:3']);
      // Notifications arrive in commit order: once the other's is heard, none of its own is still due.
      await vi.waitFor(() => expect(heard.one).toBe(1));
      expect(heard.other).toBe(2);
      expect(await one.position()).toBe('1:3');
    });

    it('refuses an append from a process that did not see the other one append; a rolled-back append is no longer its own', async () => {
      await appendIn(one, 1);
      await appendIn(other, 2);
      await expect(one.exclusive(() => one.append(entry(2)))).rejects.toBeInstanceOf(StaleLogError);

      const rolledBack = new Error('the task failed after its append');
      await expect(
        one.exclusive(async () => {
          await one.read();
          await one.append(entry(3));
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(await one.position()).toBe('1:2');
      await vi.waitFor(() => expect(heard.one).toBe(1));
      await appendIn(other, 3);
      await vi.waitFor(() => expect(heard.one).toBe(2));
      expect(await other.position()).toBe('1:3');
    });
  },
);
