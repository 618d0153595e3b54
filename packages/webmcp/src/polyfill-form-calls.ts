import type { PlatformContext } from './platform.ts';

// The pinned polyfill holds one call per form: a second call to a form's tool, arriving while the
// first is still being answered, takes the form over, and the first caller is told "Tool
// execution cancelled" although the page has already acted on its submission (Chromium answers
// both). A form that submits itself is answered in the task its call arrives in, so its calls can
// wait their turn at no cost: each caller then hears the answer to its own call. A form that waits
// for a person is left alone, since a call queued behind it could wait for ever.

/** Puts the polyfill's calls to each self-submitting form one after another. */
export function oneCallPerSubmittingForm(context: PlatformContext, doc: Document): void {
  const platformExecute = context.executeTool;
  const queues = new Map<string, Promise<unknown>>();
  const submitsItself = (name: string): boolean =>
    [...doc.querySelectorAll('form[toolautosubmit]')].some((form) => form.getAttribute('toolname') === name);
  const executeTool: PlatformContext['executeTool'] = function (this: PlatformContext, tool, input, options) {
    const name = (tool as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !submitsItself(name)) return platformExecute.call(this, tool, input, options);
    const call = (queues.get(name) ?? Promise.resolve()).then(() => platformExecute.call(this, tool, input, options));
    const settled = call.then(
      () => undefined,
      () => undefined,
    );
    queues.set(name, settled);
    void settled.then(() => {
      if (queues.get(name) === settled) queues.delete(name);
    });
    return call;
  };
  Object.defineProperty(context, 'executeTool', {
    value: executeTool,
    configurable: true,
    writable: true,
    enumerable: false,
  });
}
