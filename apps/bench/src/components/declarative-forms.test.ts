// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { createSurface } from '@warrant/surface';
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { GATED_ROWS } from '../domain/rulebook.ts';
import { createMeeting } from '../meeting.ts';
import { createRulingChannel } from '../ruling-channel.ts';
import { benchRows, loadActs, type BenchState } from '../surface-rows.ts';
import { MotionEntryForm, TallyForm } from './declarative-forms.tsx';

// Whether an agent's call submits a form is the rulebook's `autosubmit`, not the markup's: the
// forms render without toolautosubmit, and the kernel puts it on exactly the rows that say so.

const FORM_IDS: Readonly<Record<string, string>> = {
  record_vote_tally: 'vote-tally',
  enter_motion_text: 'motion-entry',
};

afterEach(() => render(null, document.body));

describe('the declarative forms', () => {
  it('carry toolautosubmit as their rulebook rows say, and only once the kernel binds them', async () => {
    render(
      h(
        'div',
        null,
        h(MotionEntryForm, { lastResult: null, filledByAgent: false }),
        h(TallyForm, { lastResult: null, boardSize: 9 }),
      ),
      document.body,
    );
    const forms = [...document.querySelectorAll('form')];
    expect(forms.map((form) => form.id).sort()).toEqual(Object.values(FORM_IDS).sort());
    for (const form of forms) expect(form.hasAttribute('toolautosubmit'), form.id).toBe(false);

    const meeting = createMeeting();
    await loadActs();
    const rulings = createRulingChannel(meeting);
    const surface = createSurface<BenchState>({
      rows: benchRows(meeting, { filledByAgent: signal(false) }, (ruling, call) => rulings.propose(ruling, call)),
      state: () => meeting.state.value,
      webmcp: null,
      document,
    });
    await surface.reconcile();
    const declarative = GATED_ROWS.filter((row) => row.kind === 'declarative');
    expect(declarative.map((row) => row.name).sort()).toEqual(Object.keys(FORM_IDS).sort());
    for (const row of declarative) {
      const form = document.getElementById(FORM_IDS[row.name] ?? '');
      expect(form?.hasAttribute('toolautosubmit'), row.name).toBe(row.autosubmit);
    }
    expect(document.getElementById('vote-tally')?.hasAttribute('toolautosubmit')).toBe(true);
    expect(document.getElementById('motion-entry')?.hasAttribute('toolautosubmit')).toBe(false);
    surface.dispose();
  });
});
