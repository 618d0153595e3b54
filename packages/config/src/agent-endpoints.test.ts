import { describe, expect, it } from 'vitest';
import { agentEndpointsFrom } from './agent-endpoints.ts';

// WARRANT_AGENT_ENDPOINTS: the person's own model endpoints the desk's CSP names. A value it
// cannot use is one line that names the setting and what to write instead.

describe('WARRANT_AGENT_ENDPOINTS', () => {
  it('names no endpoint when unset or empty', () => {
    expect(agentEndpointsFrom(undefined)).toEqual([]);
    expect(agentEndpointsFrom('')).toEqual([]);
    expect(agentEndpointsFrom('  ')).toEqual([]);
  });

  it('reads loopback origins separated by commas, dropping paths and repeats', () => {
    expect(
      agentEndpointsFrom('http://127.0.0.1:8080/v1/chat/completions, http://localhost:11434,http://127.0.0.1:8080'),
    ).toEqual(['http://127.0.0.1:8080', 'http://localhost:11434']);
  });

  it.each([
    'https://api.example.com:443',
    'https://localhost:8443',
    'http://192.168.1.10:8080',
    'http://[::1]:8080',
    'http://localhost',
    'http://localhost:80',
    'ws://localhost:8080',
    'http://user:pw@localhost:8080',
    'localhost:8080',
    'http://localhost:*',
    'http://127.0.0.1:8080 http://evil.test:1',
    "http://127.0.0.1:8080;script-src'unsafe-inline'",
    'http://localhost:8080\u202e',
    'http://127.0.0.1:8080,,http://localhost:8081',
  ])('refuses %j in one line that names the setting, the form and the value', (value) => {
    expect(() => agentEndpointsFrom(value)).toThrow(RangeError);
    expect(() => agentEndpointsFrom(value)).toThrow(
      /^WARRANT_AGENT_ENDPOINTS lists the agent panel's own model endpoints on this computer, separated by commas, each http:\/\/localhost:<port> or http:\/\/127\.0\.0\.1:<port> \(e\.g\. http:\/\/127\.0\.0\.1:8080\), and ".*" is not one\.$/,
    );
  });

  it('names at most eight', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `http://127.0.0.1:${8000 + i}`);
    expect(agentEndpointsFrom(eight.join(','))).toEqual(eight);
    expect(() => agentEndpointsFrom([...eight, 'http://127.0.0.1:9000'].join(','))).toThrow(
      new RangeError('WARRANT_AGENT_ENDPOINTS names at most 8 endpoints, not 9.'),
    );
  });
});
