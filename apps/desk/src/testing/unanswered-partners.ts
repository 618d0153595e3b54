// Partners that answer nothing, for the desk's server tests that grant approvals but are not about
// the run: a granted plan's run stays under way for the whole test, so what the test asserts about
// the grant (a plan granted once while its run stands) cannot race the run's end. Before the server
// closes (which waits for its runs), `letGo` fails every call: the runs end, unreached.
import type { ReachPartner } from '../server/approved-runs.ts';

export function unansweredPartners(): { readonly reach: ReachPartner; letGo(): void } {
  const waiting: Array<() => void> = [];
  let answering = true;
  const unreached = () => new TypeError('fetch failed');
  return {
    reach: () =>
      new Promise<Response>((_resolve, reject) => {
        if (!answering) reject(unreached());
        else waiting.push(() => reject(unreached()));
      }),
    letGo() {
      answering = false;
      for (const fail of waiting.splice(0)) fail();
    },
  };
}
