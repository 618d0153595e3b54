// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { h, render } from 'preact';
import { afterEach, expect, it } from 'vitest';
import type { DeskView } from '../desk-view.ts';
import type { DeskRequest } from '../../domain/request.ts';
import { EMPTY_DESK, type DeskState } from '../../domain/state.ts';
import { QueuePanel } from './queue-panel.tsx';

// What a dispatcher reads in the queue, read from the DOM. The request comes from a record kept
// before the desk refused invisible characters in free text: such a request is still in people's
// books, and must read as what it holds, not as what a bidi override makes it look like.

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});

const OLDER: DeskRequest = {
  id: 'R-1',
  people: 2,
  needs: ['food'],
  place: 'Harbour St\u202e19:20 approved',
  deadline: '2026-12-01T21:00',
  note: 'call\u200b first\ufeff',
  takenBy: 'agent',
  takenAt: '2026-12-01T17:00:00.000Z',
};

it('a request holding invisible characters is shown with each one written out as ⟦U+…⟧, place and note alike', () => {
  const state: DeskState = { ...EMPTY_DESK, requests: [OLDER] };
  const view = { desk: { state: signal(state) } } as unknown as DeskView;
  root = document.createElement('div');
  document.body.append(root);
  render(h(QueuePanel, { view }), root);
  const request = root.querySelector('[data-request="R-1"]') as HTMLElement;
  expect(request.textContent).not.toMatch(/[\u202e\u200b\ufeff]/);
  expect(request.querySelector('.request-body')?.textContent).toContain('Harbour St⟦U+202E⟧19:20 approved');
  expect(request.querySelector('.note')?.textContent).toBe('call⟦U+200B⟧ first⟦U+FEFF⟧');
  expect(request.querySelectorAll('[data-inert="true"]').length).toBeGreaterThanOrEqual(2);
});
