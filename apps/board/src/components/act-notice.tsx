import type { BoardApp, NoticeArea } from '../board-app.ts';
import { Outcome } from './outcome.tsx';

/**
 * The answer to the human's last act, shown beside the control that made it. With a subject
 * (a review id, a request id) it shows only the answer about that subject; without one it shows
 * the area's last answer until anything further happens on the board.
 */
export function ActNotice({ app, area, subject }: { app: BoardApp; area: NoticeArea; subject?: string }) {
  const current = app.notice.value;
  if (!current || current.area !== area) return null;
  if (subject !== undefined ? current.subject !== subject : current.logLength !== app.store.state.value.activity.length)
    return null;
  return <Outcome answer={current.outcome} class="act-notice" />;
}
