import type { ComponentChildren } from 'preact';
import { HIDDEN_MARK, InertText, revealInvisible } from '@warrant/ui';
import type { CapacityReading } from '../../domain/capacity.ts';
import type { DeskView } from '../desk-view.ts';
import { partnerTitle } from './wording.ts';

// Capacity as a dispatcher reads it: for each partner, a table of what is free, what is held and
// by when, read from the answer the partner's read tool gave; the notes its people wrote, quoted
// and marked as theirs; and the raw answer, as it came, one click away. Every string in it is the
// partner's and is shown as text (InertText: never markup, invisible characters made visible).
// The agent's turn points here as "Capacity" (agent/call-words.ts): the title says the same.

type Answer = Readonly<Record<string, unknown>>;

interface Line {
  readonly what: string;
  readonly free: string;
  readonly held: string;
  readonly when: string;
}

interface Table {
  readonly caption: string;
  readonly lines: readonly Line[];
  /** The partner's own words about the lines (opening hours, doors, how it works, deliveries). */
  readonly about: readonly string[];
}

interface Note {
  readonly author: string;
  readonly day: string;
  readonly text: string;
}

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
const words = (value: unknown): string => text(value).replaceAll('_', ' ');
const count = (value: unknown, noun = ''): string =>
  typeof value === 'number' ? `${value}${noun ? ` ${noun}${value === 1 ? '' : 's'}` : ''}` : text(value) || '—';

/** A date of this week as a person says it ("Wed 2 Dec"); anything else as it came. */
function day(value: unknown): string {
  const raw = text(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const date = new Date(`${raw}T12:00:00`);
  return Number.isNaN(date.getTime())
    ? raw
    : date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
}

const records = (value: unknown): Answer[] =>
  Array.isArray(value)
    ? value.filter((item): item is Answer => typeof item === 'object' && item !== null && !Array.isArray(item))
    : [];

/** Each read tool's answer as lines of what, free, held and by when; null when the answer holds no such lines. */
function tableOf(tool: string, answer: Answer): Table | null {
  switch (tool) {
    case 'list_parcel_stock': {
      const days = Array.isArray(answer['pickup_days']) ? answer['pickup_days'].map(day) : [];
      // The pickup days are the same for every line: the last one is when a parcel must be collected by.
      const when = days.length === 0 ? 'no pickup day left this week' : `collect by ${days.at(-1)}`;
      const deliveries = records(answer['expected_deliveries']).map(
        (d) => `Expected ${day(d['day'])}: ${count(d['count'])} ${words(d['kind'])} (${words(d['dietary'])}).`,
      );
      return {
        caption: 'Food parcels',
        lines: records(answer['stock']).map((line) => ({
          what: `${words(line['kind'])} parcel, ${words(line['dietary'])}`,
          free: count(line['free']),
          held: count(line['held']),
          when,
        })),
        about: [days.length > 0 ? `Pickup days: ${days.join(', ')}.` : '', text(answer['hours']), ...deliveries].filter(
          Boolean,
        ),
      };
    }
    case 'list_bed_availability':
      return {
        caption: `Beds for the night of ${day(answer['night'])}`,
        lines: records(answer['beds']).map((bed) => ({
          what: words(bed['kind']),
          free: count(bed['free']),
          held: count(bed['held']),
          when: `night of ${day(answer['night'])}`,
        })),
        about: [text(answer['doors'])].filter(Boolean),
      };
    case 'list_ride_windows':
      return {
        caption: `Ride windows on ${day(answer['date'])}`,
        lines: records(answer['windows']).map((ride) => ({
          what: `${words(ride['driver'])}, ${words(ride['vehicle'])}${ride['wheelchair'] === true ? ' (takes a wheelchair)' : ''}, ${words(ride['area'])}`,
          free: ride['stood_down'] === true ? 'stood down' : count(ride['seats_free'], 'seat'),
          held: '—',
          when: `${day(answer['date'])} ${text(ride['start'])}–${text(ride['end'])}`,
        })),
        about: [text(answer['how_it_works'])].filter(Boolean),
      };
    case 'laundry_capacity':
      return {
        caption: `Washing loads on ${day(answer['day'])}`,
        lines: records(answer['windows']).map((slot) => ({
          what: `${words(slot['window'])} window`,
          free: count(slot['free'], 'load'),
          held: count(slot['booked'], 'load'),
          when: `${day(answer['day'])} ${text(slot['hours'])}`,
        })),
        about: [text(answer['how_it_works'])].filter(Boolean),
      };
    case 'list_cold_units':
      return {
        caption: 'Cold storage',
        lines: records(answer['units']).map((unit) => ({
          what: `${text(unit['name'])} (${words(unit['kind'])})`,
          free: count(unit['space'], 'box'),
          held: count(unit['used'], 'box'),
          when: unit['in_range'] === false ? 'takes no new stock: out of its safe range' : 'now',
        })),
        about: [],
      };
    default:
      return null;
  }
}

function notesOf(answer: Answer): Note[] | null {
  if (!Array.isArray(answer['notes'])) return null;
  return records(answer['notes']).map((note) => ({
    author: text(note['author']),
    day: text(note['day']),
    text: text(note['text']),
  }));
}

function parse(reading: CapacityReading): Answer | null {
  if (!reading.value || reading.value.truncated) return null;
  try {
    const value: unknown = JSON.parse(reading.value.text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Answer) : null;
  } catch {
    return null;
  }
}

function CapacityTable({ table, tool }: { table: Table; tool: string }) {
  return (
    <div class="capacity-table-wrap">
      <table class="capacity-table" data-tool={tool}>
        <caption>
          <InertText text={table.caption} />
        </caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" class="num">
              Free
            </th>
            <th scope="col" class="num">
              Held
            </th>
            <th scope="col">By when</th>
          </tr>
        </thead>
        <tbody>
          {table.lines.length === 0 ? (
            <tr>
              <td colSpan={4} class="muted">
                Nothing listed.
              </td>
            </tr>
          ) : (
            table.lines.map((line, index) => (
              <tr key={index}>
                <th scope="row">
                  <InertText text={line.what} />
                </th>
                <td class="num free">
                  <InertText text={line.free} />
                </td>
                <td class="num held">
                  <InertText text={line.held} />
                </td>
                <td class="when">
                  <InertText text={line.when} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {table.about.map((about, index) => (
        <p key={index} class="capacity-about small">
          <InertText text={about} />
        </p>
      ))}
    </div>
  );
}

function PartnerWords({ partner, notes }: { partner: string; notes: readonly Note[] }) {
  const title = partnerTitle(partner);
  return (
    <div class="partner-words">
      <p class="partner-words-head small">
        <span class="badge untrusted">The partner's words</span> Notes written by the people at {title}: quoted as
        written, read as data, never followed as instructions.
      </p>
      {notes.length === 0 ? (
        <p class="muted small">No notes.</p>
      ) : (
        <ul class="notes">
          {notes.map((note, index) => (
            <li key={index} class="partner-note">
              <blockquote class="quoted" data-inert="true">
                <InertText text={note.text} />
              </blockquote>
              <small class="fine-print">
                <InertText text={note.author} />
                {note.day ? (
                  <>
                    {' · '}
                    <InertText text={day(note.day)} />
                  </>
                ) : null}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Reading({ reading }: { reading: CapacityReading }) {
  const title = partnerTitle(reading.partner);
  const answer = parse(reading);
  const notes = answer ? notesOf(answer) : null;
  const table = answer && !notes ? tableOf(reading.tool, answer) : null;
  const read = table !== null || notes !== null;
  let body: ComponentChildren;
  if (!reading.value) body = <p class="small bad-text">{reading.problem}</p>;
  else if (answer && answer['ok'] === false)
    body = (
      <p class="small bad-text">
        {title} refused the read: <InertText text={text(answer['message'] ?? answer['code'])} />
      </p>
    );
  else if (table) body = <CapacityTable table={table} tool={reading.tool} />;
  else if (notes) body = <PartnerWords partner={reading.partner} notes={notes} />;
  else body = <p class="small muted">This answer has no lines of capacity to show: read it as it came, below.</p>;
  return (
    <li class="reading" data-partner={reading.partner} data-tool={reading.tool}>
      {body}
      {reading.value ? (
        <details class="raw-answer" open={!read && answer?.['ok'] !== false}>
          <summary>
            The raw answer from {title} <code>{reading.tool}</code>
            {reading.value.hidden ? (
              <span class="badge untrusted">
                {reading.value.hidden} hidden characters shown as {HIDDEN_MARK}
              </span>
            ) : null}
          </summary>
          <pre
            class="quarantined"
            data-inert="true"
            tabIndex={0}
            aria-label={`What ${title} returned for ${reading.tool}`}
          >
            {revealInvisible(reading.value.text).text}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

export function CapacityPanel({ view }: { view: DeskView }) {
  const readings = Object.entries(view.desk.capacity.value).reverse();
  if (readings.length === 0) return null;
  return (
    <section class="panel capacity" id="capacity" aria-labelledby="capacity-heading">
      <h2 id="capacity-heading">Capacity: what the partners said</h2>
      <p class="hint">
        Read from each partner's own answer. Everything here is the partner's text, shown as text and never run, with
        invisible characters shown as {HIDDEN_MARK}; each raw answer is under its table.
      </p>
      {readings.map(([request, reads]) => {
        const partners = [...new Set(reads.map((reading) => reading.partner))];
        return (
          <div key={request} class="capacity-request" data-request={request}>
            <h3>For {request}</h3>
            {partners.map((partner) => (
              <article
                key={partner}
                class="capacity-partner"
                data-partner={partner}
                aria-labelledby={`capacity-${request}-${partner}`}
              >
                <h4 id={`capacity-${request}-${partner}`}>{partnerTitle(partner)}</h4>
                <ul class="readings">
                  {reads
                    .filter((reading) => reading.partner === partner)
                    .map((reading) => (
                      <Reading key={`${reading.lease}-${reading.tool}`} reading={reading} />
                    ))}
                </ul>
              </article>
            ))}
          </div>
        );
      })}
    </section>
  );
}
