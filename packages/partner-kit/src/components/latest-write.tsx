import type { ServedWrite } from '../partner-state.ts';
import { byWhomWords } from './caller-words.ts';
import { staffMessage } from './staff-words.ts';

/** The last write served, in one line a screen reader hears as it lands. */
export function LatestWrite({
  served,
  titles,
}: {
  readonly served: readonly ServedWrite[];
  readonly titles: ReadonlyMap<string, string>;
}) {
  const last = served.at(-1);
  return (
    <p class="latest-write" id="latest-write" role="status" data-receipt={last?.receipt.id ?? ''}>
      {last ? (
        <>
          <strong>Latest:</strong> {titles.get(last.tool) ?? last.tool} for request <code>{last.receipt.request}</code>,{' '}
          {byWhomWords(last)}. {staffMessage(last.message)}
        </>
      ) : (
        'No writes served yet this week.'
      )}
    </p>
  );
}
