// The evidence the browser tests commit lives at the repository's evidence/probe/, outside this
// app; the health page shows those exact files, not a copy that could drift from them. They are
// data from disk: the page validates them before it reads them as reports.
// eslint-disable-next-line no-restricted-imports
import native from '../../../../evidence/probe/native.json' with { type: 'json' };
// eslint-disable-next-line no-restricted-imports
import polyfill from '../../../../evidence/probe/polyfill.json' with { type: 'json' };

export const COMMITTED_REPORTS: Readonly<Record<'native' | 'polyfill', unknown>> = { native, polyfill };
