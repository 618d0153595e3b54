// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { documentHealth } from './document-health.ts';
import {
  answerFrameReports,
  askFrameReport,
  FRAME_REPORT_ENVELOPE,
  readFrameReport,
  type FrameReport,
} from './frame-report.ts';

const health = documentHealth({ mode: 'native', reason: 'The browser provides WebMCP.' });

describe('readFrameReport', () => {
  it('reads a report and refuses anything that is not one', () => {
    const report: FrameReport = {
      health,
      methods: [{ method: 'registerTool', outcome: 'refused', error: 'SecurityError', message: 'no' }],
    };
    expect(readFrameReport(report)).toEqual(report);
    expect(readFrameReport({ health })).toEqual({ health });
    expect(readFrameReport({ health: { ...health, mode: 'magic' } })).toBeNull();
    expect(readFrameReport({ health: { ...health, reason: 'x'.repeat(501) } })).toBeNull();
    expect(readFrameReport({ health: { ...health, originAgentCluster: 'yes' } })).toBeNull();
    expect(readFrameReport({ health, methods: [{ method: 'eval', outcome: 'resolved' }] })).toBeNull();
    expect(readFrameReport({ health, methods: 'all fine' })).toBeNull();
    expect(readFrameReport(null)).toBeNull();
  });
});

describe('documentHealth', () => {
  it("states this document's origin, keying and mode", () => {
    expect(health).toEqual({
      origin: window.location.origin,
      mode: 'native',
      reason: 'The browser provides WebMCP.',
      originAgentCluster: null,
      secureContext: window.isSecureContext === true,
      framed: false,
    });
  });
});

describe('answerFrameReports', () => {
  it('does nothing in a top-level document', () => {
    let asked = 0;
    const stop = answerFrameReports({
      window,
      parentOrigin: window.location.origin,
      report: async () => ((asked += 1), { health }),
    });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { envelope: FRAME_REPORT_ENVELOPE, version: 1, kind: 'query', id: 'q' },
        origin: window.location.origin,
        source: window,
      }),
    );
    stop();
    expect(asked).toBe(0);
  });
});

describe('askFrameReport', () => {
  it('gives up with the reason when the frame never answers', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const answer = await askFrameReport({
      window,
      frame: frame.contentWindow as Window,
      frameOrigin: window.location.origin,
      timeoutMs: 120,
      intervalMs: 30,
    });
    expect(answer).toEqual({ ok: false, reason: `${window.location.origin} did not answer within 0.1 s.` });
    frame.remove();
  });

  it("reads only its frame's answer to its own question", async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const child = frame.contentWindow as Window;
    const origin = window.location.origin;
    let question = '';
    child.addEventListener('message', (event) => {
      question = (event.data as { id: string }).id;
    });
    const pending = askFrameReport({ window, frame: child, frameOrigin: origin, timeoutMs: 10_000, intervalMs: 50 });
    // The frame has the question once it has it: a loaded machine may take a while to deliver it.
    await vi.waitFor(() => expect(question).not.toBe(''), { timeout: 10_000 });
    const answer = (id: string, report: unknown) => ({
      envelope: FRAME_REPORT_ENVELOPE,
      version: 1,
      kind: 'answer',
      id,
      report,
    });
    // From the right window but the wrong origin, from the wrong window, with another id, malformed:
    window.dispatchEvent(
      new MessageEvent('message', { data: answer(question, { health }), origin: 'http://localhost:1', source: child }),
    );
    window.dispatchEvent(new MessageEvent('message', { data: answer(question, { health }), origin, source: window }));
    window.dispatchEvent(new MessageEvent('message', { data: answer('other', { health }), origin, source: child }));
    window.dispatchEvent(
      new MessageEvent('message', { data: answer(question, { health: { mode: 'native' } }), origin, source: child }),
    );
    expect(await pending).toEqual({ ok: false, reason: `${origin} answered with something that is not a report.` });
    frame.remove();
  });

  it("resolves with the frame's report once it answers", async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const child = frame.contentWindow as Window;
    const origin = window.location.origin;
    let question = '';
    child.addEventListener('message', (event) => {
      question = (event.data as { id: string }).id;
    });
    const pending = askFrameReport({ window, frame: child, frameOrigin: origin, timeoutMs: 10_000, intervalMs: 50 });
    // The frame has the question once it has it: a loaded machine may take a while to deliver it.
    await vi.waitFor(() => expect(question).not.toBe(''), { timeout: 10_000 });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { envelope: FRAME_REPORT_ENVELOPE, version: 1, kind: 'answer', id: question, report: { health } },
        origin,
        source: child,
      }),
    );
    expect(await pending).toEqual({ ok: true, report: { health } });
    frame.remove();
  });
});
