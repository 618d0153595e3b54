// What the board has published: each accepted review as a version, newest first, with who accepted
// it, when, and what changed since the version before. The server keeps them (one per acceptance,
// with the editor's passkey); every editor's page shows them as soon as one is published.
import { formatReference } from '@warrant/authority';
import { InertText } from '@warrant/ui';
import type { PublishedVersion } from '../api/published-versions.ts';
import type { BoardApp } from '../board-app.ts';
import { FieldChanges } from './field-changes.tsx';

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'medium' });

function Changes({ version }: { version: PublishedVersion }) {
  const since = version.version === 1 ? 'the starting values' : `version ${version.version - 1}`;
  if (version.changes.length === 0) return <p class="small">Nothing changed since {since}.</p>;
  return (
    <>
      <p class="small published-since">Changed since {since}:</p>
      <FieldChanges changes={version.changes} />
    </>
  );
}

export function PublishedVersions({ app }: { app: BoardApp }) {
  const versions = app.published.value;
  if (versions === null) return null;
  return (
    <section class="panel published" aria-labelledby="published-title">
      <div class="section-head">
        <h2 id="published-title">Published versions</h2>
        <span class="muted small" id="published-count" data-count={versions.length}>
          {versions.length === 0 ? 'none yet' : `${versions.length} · newest first`}
        </span>
      </div>
      {versions.length === 0 ? (
        <p class="hint">
          Nothing is published yet. An editor accepting a change set, with their passkey, publishes it.
        </p>
      ) : (
        <ol class="published-list" reversed>
          {versions.map((version) => (
            <li key={version.version} data-version={version.version} data-review-id={version.reviewId}>
              <p class="published-head">
                <strong>Version {version.version}</strong>
                <span>
                  accepted by{' '}
                  <span class="published-by">
                    <InertText text={version.acceptedBy.name} />
                  </span>
                </span>
                <time dateTime={version.publishedAt}>{when(version.publishedAt)}</time>
              </p>
              <Changes version={version} />
              <p class="muted small published-codes">
                Change set {formatReference(version.reviewId)} · confirmed with passkey{' '}
                <code title={version.passkey}>{version.passkey.slice(0, 8)}…</code>
                {version.entry !== null && (
                  <>
                    {' '}
                    · <span class="published-entry">entry {version.entry} of the signed record</span>
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
