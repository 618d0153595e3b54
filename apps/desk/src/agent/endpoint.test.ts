import { HOST, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ENDPOINT, ownEndpoint } from './endpoint.ts';

const own = (url: string, key = '', model = '') => ownEndpoint({ url, key, model });

describe('the endpoints the agent may use', () => {
  it('defaults to the gateway on its registry origin, with no key', () => {
    expect(GATEWAY_ENDPOINT).toEqual({ kind: 'gateway', url: `${SITES.gateway.origin}/v1/chat/completions`, key: null, model: null });
  });

  it('takes a loopback server by its route or by its API base', () => {
    expect(own(`http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`, 'sk-local-12345', 'qwen2.5')).toEqual({
      ok: true,
      endpoint: { kind: 'own', url: `http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`, key: 'sk-local-12345', model: 'qwen2.5' },
    });
    expect(own(`http://${HOST}:11434/v1/`)).toMatchObject({ ok: true, endpoint: { url: `http://${HOST}:11434/v1/chat/completions`, key: null, model: null } });
  });

  it("refuses, before sending anything, an origin the desk's CSP does not allow", () => {
    const answer = own('https://api.example.com/v1/chat/completions', 'sk-abcdefgh');
    expect(answer).toMatchObject({ ok: false, code: 'ENDPOINT_NOT_ALLOWED' });
    expect(answer.ok ? '' : answer.message).toContain('https://api.example.com is none of them');
  });

  it.each([
    ['not a url', '', 'ENDPOINT_NOT_A_URL'],
    ['ftp://127.0.0.1/v1', '', 'ENDPOINT_NOT_HTTP'],
    [`http://me:secret@${LOOPBACK_ADDRESS}:8080/v1`, '', 'ENDPOINT_HOLDS_CREDENTIALS'],
    [`http://${LOOPBACK_ADDRESS}:8080/v1`, 'short', 'KEY_UNUSABLE'],
    [`http://${LOOPBACK_ADDRESS}:8080/v1`, 'has a space in it', 'KEY_UNUSABLE'],
    [`http://${LOOPBACK_ADDRESS}:8080/v1`, 'line\nbreak-key', 'KEY_UNUSABLE'],
  ])('%s with key %j → %s', (url, key, code) => {
    expect(own(url, key)).toMatchObject({ ok: false, code });
  });

  it('refuses a model name that cannot travel', () => {
    expect(own(`http://${LOOPBACK_ADDRESS}:8080/v1`, '', 'two words')).toMatchObject({ ok: false, code: 'MODEL_UNUSABLE' });
  });
});
