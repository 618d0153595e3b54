// For tests only, never for pages: a partner site over an in-memory log, behind the real kernel
// and an in-memory WebMCP, called the way an agent calls it (by name, with JSON input), so a
// site's tests exercise the same schema checks, verdicts and write pipeline a browser agent meets.
import { createSurface } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import { memoryWebMcp, type MemoryWebMcp } from '@warrant/webmcp/testing';
import type { PartnerDefinition } from './definition.ts';
import { memorySiteLog } from './memory-site-log.ts';
import { openPartnerSite, type PartnerSite } from './partner-site.ts';
import { partnerRows, type PartnerRowsOptions } from './rows.ts';
import type { SiteLog } from './site-log.ts';

/** What a tool answered, loosely typed for assertions. */
export interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly result?: Readonly<Record<string, unknown>>;
  readonly receipt?: { readonly id: string; readonly tool: string; readonly request: string; readonly digest: string };
  readonly replayed?: boolean;
  readonly [key: string]: unknown;
}

export interface PartnerHarness<D> {
  readonly site: PartnerSite<D>;
  readonly log: SiteLog;
  readonly memory: MemoryWebMcp;
  /** How many entries the site's current book holds (the seeded entry is the first). */
  recorded(): Promise<number>;
  /** The tools registered now, sorted, once the surface has caught up. */
  names(): Promise<string[]>;
  /** Calls a registered tool as an agent holding it would. */
  call(name: string, input?: Record<string, unknown>, signal?: AbortSignal): Promise<Answer>;
  /** Moves the clock the site reads. */
  setNow(instant: Date): void;
  dispose(): void;
}

export async function partnerHarness<D, E>(
  definition: PartnerDefinition<D, E>,
  start: Date,
  log: SiteLog = memorySiteLog(),
  rowsOptions: PartnerRowsOptions = {},
): Promise<PartnerHarness<D>> {
  let now = start;
  const site = await openPartnerSite(definition, { log, now: () => now });
  const memory = memoryWebMcp();
  const surface = createSurface({
    rows: partnerRows(definition, site, rowsOptions),
    state: () => site.state.peek(),
    webmcp: memory.webmcp,
  });
  const stop = site.state.subscribe(() => surface.update());
  await surface.reconcile();
  return {
    site,
    log,
    memory,
    recorded: async () => (await log.read()).entries.length,
    async names() {
      await settle();
      return memory.names();
    },
    async call(name, input = {}, signal) {
      await settle();
      return (await memory.call(name, input, signal)) as Answer;
    },
    setNow(instant) {
      now = instant;
    },
    dispose() {
      stop();
      surface.dispose();
      site.dispose();
    },
  };
}

/** The kit's own small partner (an umbrella stand on the pantry's origin), for tests that need a partner server and no real site. */
export { umbrellaStand, undoableUmbrellaStand } from './fixture/umbrella-stand.ts';
