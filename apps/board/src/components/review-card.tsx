import { formatReference } from '@warrant/authority';
import { InertText } from '@warrant/ui';
import type { BoardApp } from '../board-app.ts';
import { FieldChanges } from './field-changes.tsx';
import { ActNotice } from './act-notice.tsx';

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Who accepted the review and which version it published, once the board's server says so. */
function Published({ app, reviewId }: { app: BoardApp; reviewId: string }) {
  const version = app.published.value?.find((published) => published.reviewId === reviewId);
  const at = app.store.state.value.acceptedAt;
  if (!version) return <>Accepted{at ? ` at ${clock(at)}` : ''}: published.</>;
  return (
    <>
      Accepted at {clock(version.publishedAt)} by <InertText text={version.acceptedBy.name} />: published as version{' '}
      {version.version}.
    </>
  );
}

/**
 * The change set the agent submitted, and the human's decision on it. Each button carries the id
 * of the review it was rendered for, and the act hands that id on: a button left over from an
 * earlier review decides nothing (REVIEW_STALE), and one with no id neither (REVIEW_ID_REQUIRED).
 */
export function ReviewCard({ app }: { app: BoardApp }) {
  const state = app.store.state.value;
  const review = state.review;
  if (!review) return <ActNotice app={app} area="review" />;
  const reference = formatReference(review.reviewId);
  const decide = (decision: 'accept' | 'return') => (event: MouseEvent) => {
    const presented = (event.currentTarget as HTMLButtonElement).dataset['reviewId'] ?? null;
    app.act('review', (human) => human.decideReview(decision, presented), review.reviewId);
  };
  const accepted = state.phase === 'ACCEPTED';
  const live = app.human.value !== null;
  return (
    <section
      class={`panel review${accepted ? ' is-accepted' : ''}`}
      aria-labelledby="review-title"
      data-review-id={review.reviewId}
    >
      <p class="eyebrow">{accepted ? 'Accepted' : 'Waiting for your review'}</p>
      <h2 id="review-title">
        Change set{' '}
        <span class="review-ref" id="review-reference" title={review.reviewId}>
          {reference}
        </span>
      </h2>
      <p class="muted small">
        Submitted by the agent at {clock(review.submittedAt)} under scope v{review.scopeVersion}.{' '}
        {accepted ? <Published app={app} reviewId={review.reviewId} /> : 'Nothing has been published.'}
      </p>
      <FieldChanges changes={review.diff} />
      {accepted ? null : (
        <div class="actions">
          <button
            type="button"
            class="primary"
            disabled={!live}
            data-review-id={review.reviewId}
            onClick={decide('accept')}
            title={`Accept ${review.reviewId}`}
          >
            Accept change set <span class="button-ref">{reference}</span>
          </button>
          <button
            type="button"
            disabled={!live}
            data-review-id={review.reviewId}
            onClick={decide('return')}
            title={`Return ${review.reviewId} to draft`}
          >
            Return to draft
          </button>
        </div>
      )}
      <ActNotice app={app} area="review" subject={review.reviewId} />
    </section>
  );
}
