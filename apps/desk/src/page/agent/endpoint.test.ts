import { agentEndpointsFrom, headersFor, HOST, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ENDPOINT, ownEndpoint } from './endpoint.ts';

// As served with `WARRANT_AGENT_ENDPOINTS=http://127.0.0.1:8080,http://localhost:11434 npm start`.
const SERVED =
  headersFor(SITES.desk, {
    agentEndpoints: agentEndpointsFrom(`http://${LOOPBACK_ADDRESS}:8080,http://${HOST}:11434`),
  })['Content-Security-Policy'] ?? '';
const own = (url: string, key = '', model = '', csp = SERVED) => ownEndpoint({ url, key, model }, csp);
const refusal = (answer: ReturnType<typeof own>): string => (answer.ok ? '' : answer.message);

describe('the endpoints the agent may use', () => {
  it('defaults to the gateway on its registry origin, with no key', () => {
    expect(GATEWAY_ENDPOINT).toEqual({
      kind: 'gateway',
      url: `${SITES.gateway.origin}/v1/chat/completions`,
      key: null,
      model: null,
    });
  });

  it('takes a loopback server by its route or by its API base', () => {
    expect(own(`http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`, 'sk-local-12345', 'qwen2.5')).toEqual({
      ok: true,
      endpoint: {
        kind: 'own',
        url: `http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`,
        key: 'sk-local-12345',
        model: 'qwen2.5',
      },
    });
    expect(own(`http://${HOST}:11434/v1/`)).toMatchObject({
      ok: true,
      endpoint: { url: `http://${HOST}:11434/v1/chat/completions`, key: null, model: null },
    });
  });

  it('refuses, before sending anything, a hosted origin, and says the gateway reaches one', () => {
    const answer = own('https://api.example.com/v1/chat/completions', 'sk-abcdefgh');
    expect(answer).toMatchObject({ ok: false, code: 'ENDPOINT_NOT_ALLOWED' });
    expect(refusal(answer)).toBe(
      `https://api.example.com is not one this page may reach, so nothing was sent. This page may reach the desk's model gateway (${SITES.gateway.origin}) and your own endpoints http://${LOOPBACK_ADDRESS}:8080 and http://${HOST}:11434, and nowhere else. A hosted model is reached through the gateway: run it with that model as its upstream.`,
    );
  });

  it('refuses a port on this computer the server does not name, and says how to add it', () => {
    const answer = own(`http://${LOOPBACK_ADDRESS}:8081/v1`);
    expect(answer).toMatchObject({ ok: false, code: 'ENDPOINT_NOT_ALLOWED' });
    expect(refusal(answer)).toContain(
      `http://${LOOPBACK_ADDRESS}:8081 is not one this page may reach, so nothing was sent.`,
    );
    expect(refusal(answer)).toContain(
      'To add one, set WARRANT_AGENT_ENDPOINTS where the desk is served (e.g. WARRANT_AGENT_ENDPOINTS=http://127.0.0.1:8080 npm start) and restart it.',
    );
    // The same port under the other name for this computer is another origin, and not named either.
    expect(own(`http://${HOST}:8080/v1`)).toMatchObject({ ok: false, code: 'ENDPOINT_NOT_ALLOWED' });
  });

  it('with no endpoint configured, refuses every one of your own and says none is named', () => {
    const answer = own(
      `http://${LOOPBACK_ADDRESS}:8080/v1`,
      '',
      '',
      headersFor(SITES.desk)['Content-Security-Policy'] ?? '',
    );
    expect(refusal(answer)).toContain(
      `This page may reach the desk's model gateway (${SITES.gateway.origin}) and no endpoint of your own: WARRANT_AGENT_ENDPOINTS names none. To add one`,
    );
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
    expect(own(`http://${LOOPBACK_ADDRESS}:8080/v1`, '', 'two words')).toMatchObject({
      ok: false,
      code: 'MODEL_UNUSABLE',
    });
  });
});
