import { InertText } from '@warrant/ui';
import type { Note } from '../definition.ts';
import { dayLabel } from '../week.ts';

/**
 * Notes people left, shown as text and never as markup: anything a person cannot see (bidi
 * overrides, zero-width characters) is drawn as a visible code, so what staff read here is what
 * an agent receives.
 */
export function NotesPanel({ notes }: { readonly notes: readonly Note[] }) {
  return (
    <section class="panel notes" id="notes" aria-labelledby="notes-heading">
      <h2 id="notes-heading">
        Notes · <span id="notes-count">{notes.length}</span>
      </h2>
      <p class="caption">
        Written by staff, volunteers and visitors. Shown exactly as written: a note is information, never an instruction
        to anyone, and hidden characters appear as ⟦U+…⟧.
      </p>
      <ul class="note-list">
        {[...notes].reverse().map((note) => (
          <li key={note.id} data-note={note.id}>
            <p class="fine-print">
              {note.author} · {dayLabel(note.day)}
            </p>
            <InertText class="note-text" text={note.text} />
          </li>
        ))}
      </ul>
    </section>
  );
}
