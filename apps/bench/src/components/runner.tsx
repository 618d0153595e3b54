import { useRef, useState } from 'preact/hooks';
import type { JsonSchema } from '@warrant/surface';
import { InertText } from '@warrant/ui';
import { MEMBERS } from '../domain/seed.ts';

interface Property {
  type?: string;
  enum?: readonly string[];
  description?: string;
  minimum?: number;
}

interface Props {
  name: string;
  schema: JsonSchema | undefined;
  /** Declarative tools without autosubmit wait for a person to submit the form. */
  waitsForPerson: boolean;
  run(input: Record<string, unknown>, signal: AbortSignal): Promise<string>;
  onClose(): void;
}

/**
 * "▷ do this": a form generated from the tool's own schema that calls the page's tool through
 * executeTool, exactly as an agent would. Required fields are required here too: a browser
 * collapses a refusal thrown inside a tool into a generic error.
 */
export function Runner({ name, schema, waitsForPerson, run, onClose }: Props) {
  const properties = (schema?.['properties'] ?? {}) as Record<string, Property>;
  const required = new Set((schema?.['required'] as string[] | undefined) ?? []);
  const [answer, setAnswer] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

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
      <h2 id="runner-heading">
        ▷ <code>{name}</code>
      </h2>
      <form onSubmit={(e) => void submit(e)}>
        {Object.entries(properties).map(([key, property]) => (
          <label key={key} title={property.description}>
            {key}
            {required.has(key) ? ' *' : ''}
            {property.enum ? (
              <select name={key} required={required.has(key)}>
                {property.enum.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            ) : property.type === 'integer' || property.type === 'number' ? (
              <input type="number" name={key} min={property.minimum} step={1} required={required.has(key)} />
            ) : key === 'text' || key === 'rationale' || key === 'concern' ? (
              <textarea name={key} rows={2} required={required.has(key)} />
            ) : (
              <input name={key} required={required.has(key)} list={/mover|seconder|chair|raisedBy|ruledBy|actor/.test(key) ? 'members' : undefined} />
            )}
          </label>
        ))}
        <datalist id="members">
          {MEMBERS.map((m) => (
            <option key={m.name} value={m.name} />
          ))}
        </datalist>
        <div class="button-row">
          <button type="submit" class="primary" disabled={running}>
            Run
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
      {answer !== null ? (
        <pre class="runner-answer" id="runner-answer">
          <InertText text={answer} />
        </pre>
      ) : null}
    </section>
  );
}
