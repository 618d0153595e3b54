import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@warrant/site-server/json-depth';
import { post, startPair, type Pair } from './testing/requests.ts';

// The depth rule every site's server applies (@warrant/site-server's request guard), at the
// gateway too: a body nested deeper than any chat request needs is refused before it is parsed,
// and it never costs a model call.

const nestedContent = (depth: number): string =>
  `{"messages":[{"role":"user","content":${'['.repeat(depth)}${']'.repeat(depth)}}]}`;

let pair: Pair;
beforeEach(async () => {
  pair = await startPair([{ kind: 'text', text: 'Two shelters have beds tonight.' }]);
});
afterEach(() => pair.close());

describe('the gateway and deeply nested bodies', () => {
  it.each([[MAX_JSON_DEPTH], [10_000]])(
    'refuses a chat request nesting %i levels under its messages with 400',
    async (depth) => {
      const answer = await post(pair.origin, nestedContent(depth));
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'BODY_TOO_DEEP' } });
      expect(pair.upstream.requests).toHaveLength(0);
    },
  );

  it('forwards a request that nests within the rule', async () => {
    const answer = await post(pair.origin, nestedContent(MAX_JSON_DEPTH - 3));
    expect(answer.status).toBe(200);
    expect(pair.upstream.requests).toHaveLength(1);
  });
});
