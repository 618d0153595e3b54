import { expect, test } from './fixtures.ts';
import { PARTNER_ENVELOPE } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { agentFor } from './agent.ts';
import { exportedLedger, partnerFrame, toTheHalt } from './desk-page.ts';
import { POLYFILL_ONLY } from './lanes.ts';

// The broker's port to a partner frame is bound once (issue 16, item 4). Only the polyfill lane
// reaches a partner over the message transport (natively the desk calls the frame's WebMCP tools
// and binds no port), so playwright.config.ts runs this file in that lane alone.

test(
  'the broker’s port to a frame is bound once: a second hello offered to a partner frame is refused, answered on its own port, recorded on the ledger, and the lease still works',
  { tag: POLYFILL_ONLY },
  async ({ page }) => {
    await toTheHalt(page, `Ports ${Date.now().toString(36)}`);
    await expect(partnerFrame(page, 'pantry').locator('body')).toHaveAttribute('data-ready', 'true');
    // A script on the desk's page offers the pantry's frame a port of its own, and tries a write on it.
    const answer = await page.evaluate(
      ({ origin, envelope }) =>
        new Promise<unknown>((resolve) => {
          const { port1, port2 } = new MessageChannel();
          port1.onmessage = (event: MessageEvent<{ kind?: string }>) => {
            if (event.data.kind === 'refused') resolve(event.data);
            else
              port1.postMessage({
                envelope,
                version: 1,
                kind: 'invoke',
                id: 'forged-call',
                name: 'list_parcel_stock',
                input: {},
              });
          };
          document
            .querySelector<HTMLIFrameElement>('#partner-frames iframe[data-partner="pantry"]')
            ?.contentWindow?.postMessage({ envelope, version: 1, kind: 'hello', id: 'second-hello' }, origin, [port2]);
        }),
      { origin: SITES.pantry.origin, envelope: PARTNER_ENVELOPE },
    );
    expect(answer).toMatchObject({
      kind: 'refused',
      id: 'second-hello',
      refusedKind: 'hello',
      from: SITES.desk.origin,
    });
    await expect
      .poll(async () =>
        (await exportedLedger(page))
          .filter(
            (row) => row.event === 'bridge_forged' && row.from === 'pantry' && row.detail.includes('second hello'),
          )
          .map((row) => row.detail),
      )
      .toEqual([
        // The page's report, stamped with the signed-in dispatcher it came through.
        expect.stringMatching(
          new RegExp(
            `^reported_by=D-\\w+ reason="the partner refused a hello: a second hello: this page is already bound to the desk on another port" origin=${SITES.desk.origin} kind=hello$`,
          ),
        ),
      ]);
    // The lease's own port was not replaced: the agent's capacity read still runs through it.
    const capacity = (await agentFor(page, 'polyfill').call('find_capacity', { request: 'R-1' })) as {
      ok: boolean;
      reads?: Array<{ partner: string; ok: boolean }>;
    };
    expect(capacity.ok).toBe(true);
    expect(capacity.reads?.filter((read) => read.partner === 'pantry').every((read) => read.ok)).toBe(true);
  },
);
