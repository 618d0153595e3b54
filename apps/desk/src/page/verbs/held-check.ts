// A verb on a request another dispatcher holds is refused before it does anything, naming the
// holder: the page answers first, for a friendly answer; the desk's server would refuse its rows
// in any case (server/request-holders.ts), and is the authority.
import type { ToolRefusal } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import { heldByAnotherRefusal } from '../../domain/held-by-another.ts';

export function heldElsewhereRefusal(desk: Pick<DeskRuntime, 'heldElsewhere'>, request: string): ToolRefusal | null {
  const holder = desk.heldElsewhere(request);
  return holder ? heldByAnotherRefusal(request, holder) : null;
}
