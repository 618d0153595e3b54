import type { JsonSchema } from './row.ts';

// The second removal mechanism: a declarative tool exists while its <form> carries `toolname`.
// An illegal form also has its controls disabled, so a human cannot do by hand what the rules
// say is out of order either.

export type FormToggle = 'on' | 'off' | null;

export function applyFormLegality(
  form: HTMLFormElement,
  toolName: string,
  legal: boolean,
  autosubmit: boolean,
): FormToggle {
  const had = form.getAttribute('toolname') === toolName;
  // The row says whether an agent's call submits the form itself; the markup never decides it.
  if (autosubmit !== form.hasAttribute('toolautosubmit')) form.toggleAttribute('toolautosubmit', autosubmit);
  for (const element of Array.from(form.elements)) {
    if ('disabled' in element) (element as HTMLInputElement).disabled = !legal;
  }
  form.classList.toggle('is-out-of-order', !legal);
  if (legal && !had) {
    form.setAttribute('toolname', toolName);
    return 'on';
  }
  if (!legal && form.hasAttribute('toolname')) {
    form.removeAttribute('toolname');
    return 'off';
  }
  return null;
}

function propertyType(schema: JsonSchema, name: string): unknown {
  const properties = schema['properties'] as Record<string, { type?: unknown }> | undefined;
  return properties?.[name]?.type;
}

/** The form's values as the tool's input: empty fields are absent, numbers are numbers. */
export function formInput(form: HTMLFormElement, schema: JsonSchema): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (!control.name || control.type === 'submit' || control.type === 'button') continue;
    if (control.type === 'checkbox') {
      input[control.name] = control.checked;
      continue;
    }
    const value = control.value;
    if (value === '') continue;
    const type = propertyType(schema, control.name);
    input[control.name] = type === 'integer' || type === 'number' ? Number(value) : value;
  }
  return input;
}
