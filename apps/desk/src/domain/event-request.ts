// The request a desk event is about, if any: what decides whose page may record it (only the
// page of the dispatcher who holds the request; the desk's server decides, server/request-holders.ts).
import type { DeskEvent } from './desk-events.ts';

export function eventRequest(event: DeskEvent): string {
  switch (event.type) {
    case 'request_taken':
      return event.request.id;
    case 'request_held':
      return event.request;
    case 'plan_drafted':
      return event.plan.request;
    case 'approval_changed':
      return event.approval.request;
    case 'run_changed':
      return event.run.request;
    case 'lease_changed':
      return event.lease.request;
    case 'tools_learned':
      return '';
  }
}
