// How a partner asks the desk for its record before each authorized write: every time, with the
// tag of the record it holds. A 304 means the desk's list is the one held, and the partner checks
// against it; any other answer is the desk's record now, so a dispatcher the desk removed is off
// the partner's list at its very next ask. The desk here answers conditional GETs as the desk's
// server does (its own test checks that server: apps/desk/src/server/desk-record.test.ts).
import { describe, expect, it } from 'vitest';
import { canonicalDigest } from '@warrant/authority';
import type { DeskRecord } from './authorization-check.ts';
import { deskFromItsOrigin, type FetchDesk } from './desk-trust.ts';
import { testDesk } from './testing/test-desk.ts';
import { softwarePasskey } from '@warrant/authority/testing';

/** The test desk behind a conditional GET, recording what each ask sent and got. */
function served(tagged = true) {
  const desk = testDesk();
  const asks: { sent: string | null; status: number }[] = [];
  const get: FetchDesk = async (path, init) => {
    expect(path).toBe('/.well-known/warrant-desk.json');
    const record = desk.record();
    const tag = `W/"${canonicalDigest(record.dispatchers.list.dispatchers)}"`;
    const sent = new Headers(init.headers).get('If-None-Match');
    const status = tagged && sent === tag ? 304 : 200;
    asks.push({ sent, status });
    const headers = tagged ? { ETag: tag } : undefined;
    return status === 304 ? new Response(null, { status, headers }) : Response.json(record, { headers });
  };
  return { desk, asks, get };
}

const ids = (answer: Awaited<ReturnType<ReturnType<typeof deskFromItsOrigin>>>) =>
  answer.ok ? answer.record.dispatchers.list.dispatchers.map((entry) => entry.id) : answer.reason;

describe("the partner's ask for the desk's record", () => {
  it('asks every time with the tag it holds, checks against the held record on a 304, and takes a changed list at once', async () => {
    const { desk, asks, get } = served();
    const ask = deskFromItsOrigin({}, get);
    const first = await ask();
    expect(ids(first)).toEqual(['D-ada']);
    const again = await ask();
    expect(again).toMatchObject({ ok: true, trustedKey: desk.key.publicKey });
    expect((again as { record: DeskRecord }).record).toBe((first as { record: DeskRecord }).record);
    expect(asks.map((asked) => asked.status)).toEqual([200, 304]);
    expect(asks[0]?.sent).toBeNull();
    expect(asks[1]?.sent).toMatch(/^W\/"/);

    desk.dispatchers.push({ id: 'D-bo', name: 'Bo', passkey: softwarePasskey() });
    expect(ids(await ask())).toEqual(['D-ada', 'D-bo']);
    desk.dispatchers.splice(1, 1);
    expect(ids(await ask())).toEqual(['D-ada']);
    expect(asks.map((asked) => asked.status)).toEqual([200, 304, 200, 200]);
    expect(ids(await ask())).toEqual(['D-ada']);
    expect(asks.at(-1)?.status).toBe(304);
  });

  it('asks plainly of a desk that tags nothing, and trusts a pinned key over the one the desk serves', async () => {
    const { desk, asks, get } = served(false);
    const pinned = testDesk().key.publicKey;
    const ask = deskFromItsOrigin({ WARRANT_TRUSTED_DESK_KEY: pinned }, get);
    expect(await ask()).toMatchObject({ ok: true, trustedKey: pinned });
    expect(await ask()).toMatchObject({ ok: true, trustedKey: pinned, record: { key: desk.key.publicKey } });
    expect(asks).toEqual([
      { sent: null, status: 200 },
      { sent: null, status: 200 },
    ]);
  });

  it('says why when the desk cannot be asked, and does not take a 304 it holds no record for', async () => {
    const ask = deskFromItsOrigin({}, async () => new Response(null, { status: 304, headers: { ETag: 'W/"x"' } }));
    expect(await ask()).toEqual({ ok: false, reason: 'the desk answered 304' });
    const down = deskFromItsOrigin({}, async () => {
      throw new Error('connect ECONNREFUSED');
    });
    expect(await down()).toEqual({ ok: false, reason: 'connect ECONNREFUSED' });
  });
});
