import type { ComponentType } from 'preact';
import { SITES } from '@warrant/config';
import type { ToolResult } from '@warrant/surface';
import { later, ModeBadge } from '@warrant/ui';
import type { PartnerDefinition } from '../definition.ts';
import type { RemotePartnerSite } from '../remote-partner-site.ts';
import type { PartnerState } from '../partner-state.ts';
import { dayLabel } from '../week.ts';
import type { AgentToolsView } from './agent-tools-panel.tsx';
import { LatestWrite } from './latest-write.tsx';
import { LaterSide } from './later-side.tsx';
import { RefusalsPanel } from './refusals-panel.tsx';
import { staffBarWords } from './staff-bar-words.ts';

// The staff's own parts, never drawn inside the desk's frame: a framed page never fetches them.
const PeopleBar = later(() => import('./staff-parts.tsx').then((parts) => parts.PeopleBar));
const DeskAuditPanel = later(() => import('./staff-parts.tsx').then((parts) => parts.DeskAuditPanel));

/** What a site's own panels get: the state, a way to make a staff change, and whether to be compact. */
export interface PanelsProps<D> {
  readonly state: PartnerState<D>;
  readonly act: (name: string, input: Readonly<Record<string, unknown>>) => Promise<ToolResult>;
  /** Inside the desk's frame: a narrow, compact layout. */
  readonly compact: boolean;
}

export interface PartnerPageProps<D, E> {
  readonly definition: PartnerDefinition<D, E>;
  readonly site: RemotePartnerSite<D>;
  readonly agent: AgentToolsView;
  readonly framed: boolean;
  readonly Panels: ComponentType<PanelsProps<D>>;
}

/**
 * The page every partner has: its name, the site's own panels, the receipts, the notes, the
 * tools an agent has, and the reset. Framed by the desk it is compact: the panels and receipts
 * first, the rest folded away.
 */
export function PartnerPage<D, E>({ definition, site, agent, framed, Panels }: PartnerPageProps<D, E>) {
  const state = site.state.value;
  const titles = new Map(definition.writes.map((spec) => [spec.name, spec.title]));
  const notice = site.notice.value;
  const unreachable = site.unreachable.value;
  const weekOver = state.today > (state.week.days.at(-1) ?? state.today);
  return (
    <div class={framed ? 'partner compact' : 'partner'}>
      <header class="partner-head">
        <div>
          <p class="kicker">{SITES[definition.site].title} · a partner of the dispatch desk</p>
          <h1>{definition.organisation}</h1>
          {framed ? null : <p class="muted tagline">{definition.tagline}</p>}
          <p class="fine-print" id="week">
            Week of {dayLabel(state.week.days[0] ?? state.today)} to {dayLabel(state.week.days.at(-1) ?? state.today)}
          </p>
        </div>
        <div class="head-status">
          {framed ? (
            <span class="badge framed" id="framed-badge">
              Shown inside the dispatch desk
            </span>
          ) : null}
          <ModeBadge mode={agent.mode.value} reason={agent.reason.value} />
        </div>
      </header>
      <LatestWrite served={state.served} titles={titles} />
      {notice ? (
        <p class="banner" role="alert" id="site-notice">
          {notice}
        </p>
      ) : null}
      {unreachable ? (
        <p class="banner" role="alert" id="server-unreachable">
          {unreachable}
        </p>
      ) : null}
      {weekOver ? (
        <p class="banner" role="status" id="week-over">
          This week's data is over. Reset this site's data to seed a new week from today.
        </p>
      ) : null}
      <main class="partner-layout">
        <div class="partner-main">
          {/* Staff sign in on the site's own page; inside the desk's frame the desk is looking, not staff. */}
          {framed ? null : <PeopleBar post={site.post} words={staffBarWords(definition.organisation)} />}
          <Panels state={state} act={site.staff} compact={framed} />
          <RefusalsPanel refusals={site.refusals.value} />
          {/* The check is this site's staff's own, on its own page; inside the desk's frame it would be the desk checking itself. */}
          {framed ? null : <DeskAuditPanel audits={site.deskAudits.value} onCheck={site.checkDesk} />}
        </div>
        <aside class="partner-side" aria-label="Receipts, notes and agent tools">
          <LaterSide definition={definition} site={site} agent={agent} titles={titles} framed={framed} />
        </aside>
      </main>
    </div>
  );
}
