import { useEffect, useRef, useState } from 'preact/hooks';
import type { JsonSchema } from '@warrant/surface';
import { InertText } from '@warrant/ui';
import { GOALS } from '../domain/rulebook.ts';
import { MEMBERS } from '../domain/seed.ts';

interface Property {
  type?: string;
  enum?: readonly string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

interface Props {
  name: string;
  title: string;
  schema: JsonSchema | undefined;
  /** Whether the tool is still in the list an agent sees. */
  listed: boolean;
  /** Why it is not, when it is not. */
  reason: string | undefined;
  /** Declarative tools without autosubmit wait for a person to submit the form. */
  waitsForPerson: boolean;
  run(input: Record<string, unknown>, signal: AbortSignal): Promise<string>;
  onClose(): void;
}

/** A field's name as a person reads it: "raisedBy" is "Raised by". */
const label = (key: string): string => {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Enumerated values as a person reads them: goals by name, the rest in words. */
const optionText = (key: string, value: string): string =>
  key === 'goal' ? (GOALS.find((g) => g.id === value)?.label ?? value) : value.replaceAll('_', ' ');

const NAMES = /mover|seconder|chair|raisedBy|actor/;

/**
 * "▷ do this": a form generated from the tool's own schema that calls the page's tool through
 * executeTool, exactly as an agent would. It closes when its tool leaves the list, unless it is
 * showing the answer of its own call.
 */
export function Runner({ name, title, schema, listed, reason, waitsForPerson, run, onClose }: Props) {
  const properties = (schema?.['properties'] ?? {}) as Record<string, Property>;
  const required = new Set((schema?.['required'] as string[] | undefined) ?? []);
  const [answer, setAnswer] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  // The runner opens below the list it was asked from: take the person to it.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const stale = !listed && !running;
  useEffect(() => {
    if (stale && answer === null) onClose();
  }, [stale, answer, onClose]);

  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const input: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      const raw = data.get(key);
      if (raw === null || raw === '') continue;
      input[key] = property.type === 'integer' || property.type === 'number' ? Number(raw) : String(raw);
    }
    controller.current = new AbortController();
    setRunning(true);
    setAnswer(waitsForPerson ? 'Filled in. Waiting for a person at the bench to state the question…' : null);
    try {
      setAnswer(await run(input, controller.current.signal));
    } finally {
      setRunning(false);
    }
  };

  return (
    <section class="panel runner" aria-labelledby="runner-heading" id="runner">
      <h2 id="runner-heading" ref={heading} tabIndex={-1}>
        ▷ {title} <code class="fine-print">{name}</code>
      </h2>
      {stale ? (
        <p class="muted" id="runner-gone">
          This tool has left the list{reason ? `: ${reason}` : '.'}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          {Object.entries(properties).map(([key, property]) => {
            const id = `runner-${key}`;
            return (
              <div class="field" key={key}>
                <label for={id}>
                  {label(key)}
                  {required.has(key) ? ' (required)' : ''}
                </label>
                {property.description ? <span class="fine-print">{property.description}</span> : null}
                {property.enum ? (
                  <select id={id} name={key} required={required.has(key)}>
                    {property.enum.map((value) => (
                      <option key={value} value={value}>
                        {optionText(key, value)}
                      </option>
                    ))}
                  </select>
                ) : property.type === 'integer' || property.type === 'number' ? (
                  <input
                    id={id}
                    type="number"
                    name={key}
                    min={property.minimum}
                    max={property.maximum}
                    step={1}
                    required={required.has(key)}
                  />
                ) : key === 'text' || key === 'rationale' || key === 'concern' || key === 'correction' ? (
                  <textarea id={id} name={key} rows={2} maxLength={property.maxLength} required={required.has(key)} />
                ) : (
                  <input
                    id={id}
                    name={key}
                    maxLength={property.maxLength}
                    required={required.has(key)}
                    list={NAMES.test(key) ? 'members' : undefined}
                  />
                )}
              </div>
            );
          })}
          <datalist id="members">
            {MEMBERS.map((m) => (
              <option key={m.name} value={m.name} />
            ))}
          </datalist>
          <div class="button-row">
            <button type="submit" class="primary" disabled={running}>
              Run it
            </button>
            {running ? (
              <button type="button" id="runner-stop" onClick={() => controller.current?.abort('Stopped at the bench.')}>
                Stop
              </button>
            ) : null}
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </form>
      )}
      {answer !== null ? (
        <pre class="runner-answer" id="runner-answer">
          <InertText text={answer} />
        </pre>
      ) : null}
      {stale ? (
        <button type="button" onClick={onClose}>
          Close
        </button>
      ) : null}
    </section>
  );
}
