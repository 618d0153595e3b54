import { isAgentSubmission, onAgentCallRefusedByForm, respondToAgent, type WebMcp } from '@warrant/webmcp';
import { diff } from './diff.ts';
import { applyFormLegality, formInput } from './form-binding.ts';
import { freezeSchema } from './freeze-schema.ts';
import { refusal, type ToolRefusal, type ToolResult } from '@warrant/base';
import type { Caller, Channel, DeclarativeRow, ImperativeRow, JsonSchema, Row, RunContext, Verdict } from './row.ts';
import { signatureOf } from './signature.ts';
import { validateInput } from './validate.ts';
import { checkBinding } from './version-binding.ts';

/** What one reconcile did: the names it added and removed, and how many tools stand after it. */
export interface ChangeRecord {
  readonly seq: number;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Tools in order after this reconcile (registered imperative tools + forms carrying toolname). */
  readonly total: number;
  /** Platform calls made: registerTool calls, signal aborts, toolname set, toolname removed. */
  readonly ops: {
    readonly register: number;
    readonly abort: number;
    readonly formOn: number;
    readonly formOff: number;
  };
  /** Names whose removal waits for their own running call. */
  readonly deferred: readonly string[];
  readonly errors: readonly string[];
  /** True when the surface was held, so this reconcile changed nothing (it runs on release). */
  readonly held: boolean;
}

export interface ExplainedRow {
  readonly name: string;
  readonly title: string;
  readonly kind: Row<unknown>['kind'];
  readonly verdict: Verdict;
}

export interface CallRecord {
  readonly name: string;
  readonly caller: Caller;
  readonly channel: Channel;
  readonly input: Record<string, unknown>;
  readonly result: ToolResult;
  /** Whether the row's body ran; false when the kernel answered first (out of order, a stale binding, a precheck, bad input). */
  readonly ran: boolean;
}

export interface CallOptions {
  readonly caller: Caller;
  readonly channel: Channel;
  readonly signal?: AbortSignal;
}

export interface SurfaceOptions<S> {
  readonly rows: readonly Row<S>[];
  readonly state: () => S;
  /** Null when the page has no WebMCP: forms are still toggled, nothing is registered. */
  readonly webmcp: WebMcp | null;
  /** Where declarative rows find their forms; null in Node. */
  readonly document?: Document | null;
  readonly onChange?: (change: ChangeRecord) => void;
  /**
   * Told of every call once it has its result. A promise it returns is awaited before the caller
   * is answered, so a call's record can be stored before anyone hears how it ended.
   */
  readonly onCall?: (call: CallRecord) => void | Promise<void>;
  /** Told every time a hold is taken or released, with the reasons still holding the surface. */
  readonly onHold?: (reasons: readonly string[]) => void;
  /**
   * Origins of other frames that may discover these tools (secure origins only; the browser's
   * `exposedTo`). A partner site framed by the desk names the desk here.
   */
  readonly exposedTo?: readonly string[];
  /** How a reconcile is deferred to coalesce a burst; a macrotask by default. */
  readonly schedule?: (run: () => void) => void;
  /**
   * Settles once the state is the page's own: until then it is a placeholder the page starts from
   * so that its always-on tools are registered at navigation, before its record has been read. A
   * call that arrives earlier waits for this (it is not refused, nor lost), and is then judged,
   * legality first, on the state as it is by then.
   */
  readonly callsWaitFor?: Promise<unknown>;
}

export interface Surface<S> {
  /** Ask for a reconcile: every change in one task becomes one reconcile. */
  update(): void;
  /** Reconcile now and wait for the registrations; for start-up and for tests. */
  reconcile(): Promise<ChangeRecord>;
  /** Keep the registered set as it is until the returned release is called (a human is deciding). */
  hold(reason: string): () => void;
  /** Every row with its verdict in the given state, in row order. */
  explain(state: S): ExplainedRow[];
  /** A row's input schema in a state (what a form for it should ask for). */
  schemaOf(name: string, state: S): JsonSchema | undefined;
  /**
   * Run a row without the platform, through every check a platform call goes through (legality,
   * binding, precheck, the live schema, legality again): a person's control, a scripted runner,
   * a bridge from another world. It grants nothing a registered tool would not.
   */
  call(name: string, input: Record<string, unknown>, options: CallOptions): Promise<ToolResult>;
  /** `call` as a person at the page's own controls (`caller: 'human', channel: 'ui'`). */
  callAsHuman(name: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult>;
  /** Why the surface is held, if it is: one reason per outstanding hold. */
  heldFor(): string[];
  /** Names registered right now, by this surface's own account. */
  registeredNames(): string[];
  dispose(): void;
}

interface Registration<S> {
  readonly signature: string;
  readonly controller: AbortController;
  /** The state and the schema the agent was shown: its input is validated against this schema. */
  readonly state: S;
  readonly schema: JsonSchema;
}

const macrotask = (run: () => void): void => void setTimeout(run, 0);

// Why a tool's signal aborts. A fixed reason: left empty, every abort would build a fresh
// DOMException with a stack trace, which dominates a large reconcile.
const NO_LONGER_IN_ORDER = 'This tool is no longer in order.';
const SURFACE_DROPPED = 'The surface was dropped.';

export function createSurface<S>(options: SurfaceOptions<S>): Surface<S> {
  const rowsByName = new Map<string, Row<S>>();
  for (const row of options.rows) {
    if (rowsByName.has(row.name)) throw new Error(`Two rows are named ${row.name}.`);
    rowsByName.set(row.name, row);
  }
  const imperative = options.rows.filter((r): r is ImperativeRow<S> => r.kind === 'imperative');
  const declarative = options.rows.filter((r): r is DeclarativeRow<S> => r.kind === 'declarative');
  const schedule = options.schedule ?? macrotask;
  const registered = new Map<string, Registration<S>>();
  // The signatures of what is registered, kept beside it so a reconcile never copies the set.
  const registeredSignatures = new Map<string, string>();
  const formsOn = new Set<string>();
  const running = new Map<string, number>();
  const holds = new Map<symbol, string>();
  const epoch = new AbortController();
  let seq = 0;
  let scheduled = false;
  let inProgress: Promise<ChangeRecord> | null = null;
  let again = false;
  let disposed = false;
  const unbindForms: Array<() => void> = [];

  const busy = (name: string): boolean => (running.get(name) ?? 0) > 0;

  // A registration the platform refused leaves registered != legal; try again a few times, with
  // growing waits, rather than until some unrelated change happens to reconcile.
  const failures = new Map<string, number>();
  const RETRIES = 3;
  function retryLater(name: string): void {
    const count = (failures.get(name) ?? 0) + 1;
    failures.set(name, count);
    if (count <= RETRIES) setTimeout(() => surface.update(), 100 * 2 ** count);
  }

  async function invoke(
    row: Row<S>,
    input: Record<string, unknown>,
    ctx: RunContext<S>,
    shownSchema: JsonSchema,
  ): Promise<ToolResult> {
    running.set(row.name, (running.get(row.name) ?? 0) + 1);
    let result: ToolResult;
    let ran = false;
    try {
      if (options.callsWaitFor) await options.callsWaitFor;
      // Order: legality, then the row's binding and precheck, then the schema the caller was
      // shown, then the body. Legality and bindings are read again against live state just before
      // the body runs, since validation may have waited for the validator to load.
      const answerBeforeRun = (state: S): ToolRefusal | null => {
        const verdict = row.verdict(state);
        if (!verdict.legal) {
          return refusal(
            verdict.code ?? 'NOT_IN_ORDER',
            `${row.title} is not in order right now: ${verdict.reason ?? 'its rule does not allow it'}. Nothing was changed.`,
            {
              tool: row.name,
              ...(verdict.cite ? { cite: verdict.cite } : {}),
            },
          );
        }
        if (row.binding) {
          const stale = checkBinding(row.binding, ctx.registeredState, state, input);
          if (stale) return stale;
        }
        return row.precheck?.(state, input, ctx) ?? null;
      };
      const early = answerBeforeRun(options.state()) ?? (await validateInput(row.name, shownSchema, input));
      if (early) {
        result = early;
      } else {
        const state = options.state();
        // The one place typed input meets the erased row: it has just passed this row's schema.
        const late = answerBeforeRun(state);
        ran = late === null;
        result = late ?? (await row.run(state, input as never, ctx));
      }
    } catch (error) {
      // Chrome collapses a thrown error into a generic UnknownError; answer with what happened.
      result = refusal(
        'TOOL_FAILED',
        `${row.title} failed: ${error instanceof Error ? error.message : String(error)}`,
        { tool: row.name },
      );
    } finally {
      const left = (running.get(row.name) ?? 1) - 1;
      if (left === 0) running.delete(row.name);
      else running.set(row.name, left);
    }
    // A call that made its own tool illegal left it registered; now that it settled, let it go.
    surface.update();
    await options.onCall?.({ name: row.name, caller: ctx.caller, channel: ctx.channel, input, result, ran });
    return result;
  }

  function contextFor(signal: AbortSignal, registeredState: S, caller: Caller, channel: Channel): RunContext<S> {
    return { signal, registeredState, caller, channel, hold: (reason) => surface.hold(reason) };
  }

  const boundForms = new WeakSet<HTMLFormElement>();

  // Forms may be rendered after the surface is made (a UI framework mounts them), so each
  // reconcile binds any form it has not seen.
  function bindForm(row: DeclarativeRow<S>, form: HTMLFormElement): void {
    if (boundForms.has(form)) return;
    boundForms.add(form);
    const onSubmit = (event: SubmitEvent): void => {
      event.preventDefault();
      const state = options.state();
      const agent = isAgentSubmission(event);
      const schema = row.inputSchema(state);
      const context = contextFor(
        new AbortController().signal,
        state,
        agent ? 'agent' : 'human',
        agent ? 'webmcp' : 'ui',
      );
      const pending = invoke(row, formInput(form, schema), context, schema);
      respondToAgent(event, pending);
      // Clear the form once the answer has gone out: a reset while the agent's call is still
      // open cancels that call in both runtimes.
      void pending.then((result) => {
        if (result.ok) setTimeout(() => form.reset(), 0);
      });
    };
    form.addEventListener('submit', onSubmit);
    unbindForms.push(() => form.removeEventListener('submit', onSubmit));
    // A call the browser's own validation refused never reaches onSubmit; what it put in the form
    // is cleared all the same, or a later call could complete it into a submission nobody sent.
    unbindForms.push(onAgentCallRefusedByForm(form, row.name, () => setTimeout(() => form.reset(), 0)));
  }

  async function runReconcile(): Promise<ChangeRecord> {
    const state = options.state();
    const want = new Map<string, string>();
    for (const row of imperative) if (row.verdict(state).legal) want.set(row.name, signatureOf(row, state));
    const plan = diff(registeredSignatures, want, busy);

    const added: string[] = [];
    const removed: string[] = [];
    const errors: string[] = [];
    const ops = { register: 0, abort: 0, formOn: 0, formOff: 0 };

    for (const name of plan.abort) {
      registered.get(name)?.controller.abort(NO_LONGER_IN_ORDER);
      registered.delete(name);
      registeredSignatures.delete(name);
      ops.abort += 1;
      if (!want.has(name)) removed.push(name);
    }
    const registrations: Promise<void>[] = [];
    if (options.webmcp) {
      for (const name of plan.register) {
        const row = rowsByName.get(name) as ImperativeRow<S>;
        const controller = new AbortController();
        const schema = freezeSchema(row.inputSchema(state));
        const registration: Registration<S> = { signature: want.get(name) as string, controller, state, schema };
        const wasThere = plan.abort.includes(name);
        registered.set(name, registration);
        registeredSignatures.set(name, registration.signature);
        ops.register += 1;
        registrations.push(
          options.webmcp
            .registerTool(
              {
                name: row.name,
                title: row.title,
                description: row.description(state),
                inputSchema: schema,
                ...(row.annotations ? { annotations: row.annotations } : {}),
                execute: (input, client) =>
                  invoke(
                    row,
                    input,
                    contextFor(client.signal, registration.state, 'agent', 'webmcp'),
                    registration.schema,
                  ),
              },
              {
                signal: AbortSignal.any([controller.signal, epoch.signal]),
                ...(options.exposedTo ? { exposedTo: options.exposedTo } : {}),
              },
            )
            .then(
              () => {
                failures.delete(name);
                if (!wasThere) added.push(name);
              },
              (error: unknown) => {
                if (registered.get(name) === registration) {
                  registered.delete(name);
                  registeredSignatures.delete(name);
                }
                errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
                retryLater(name);
              },
            ),
        );
      }
    }

    const doc = options.document;
    const deferredForms: string[] = [];
    for (const row of declarative) {
      const form = doc?.getElementById(row.formId);
      if (!form || form.tagName !== 'FORM') continue;
      bindForm(row, form as HTMLFormElement);
      const legal = row.verdict(state).legal;
      // A form whose own submission is running keeps its toolname until that call settles.
      if (!legal && busy(row.name) && formsOn.has(row.name)) {
        deferredForms.push(row.name);
        continue;
      }
      const toggle = applyFormLegality(form as HTMLFormElement, row.name, legal, row.autosubmit);
      if (toggle === 'on') {
        formsOn.add(row.name);
        ops.formOn += 1;
        added.push(row.name);
      } else if (toggle === 'off') {
        formsOn.delete(row.name);
        ops.formOff += 1;
        removed.push(row.name);
      }
    }

    await Promise.all(registrations);
    seq += 1;
    const change: ChangeRecord = {
      seq,
      added,
      removed,
      total: registered.size + formsOn.size,
      ops,
      deferred: [...plan.deferred, ...deferredForms],
      errors,
      held: false,
    };
    options.onChange?.(change);
    return change;
  }

  // A held surface keeps its registered set exactly as it is: a person is deciding something
  // the agent was shown, and the release brings the reconcile that was asked for meanwhile.
  function heldRecord(): ChangeRecord {
    return {
      seq,
      added: [],
      removed: [],
      total: registered.size + formsOn.size,
      ops: { register: 0, abort: 0, formOn: 0, formOff: 0 },
      deferred: [],
      errors: [],
      held: true,
    };
  }

  function reconcile(): Promise<ChangeRecord> {
    if (holds.size > 0) return Promise.resolve(heldRecord());
    if (inProgress) {
      again = true;
      return inProgress;
    }
    inProgress = runReconcile().finally(() => {
      inProgress = null;
      if (again) {
        again = false;
        surface.update();
      }
    });
    return inProgress;
  }

  const surface: Surface<S> = {
    update() {
      if (disposed || scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        if (!disposed && holds.size === 0) void reconcile();
      });
    },
    reconcile() {
      return reconcile();
    },
    hold(reason) {
      const token = Symbol('hold');
      holds.set(token, reason);
      options.onHold?.([...holds.values()]);
      return () => {
        if (!holds.delete(token)) return;
        options.onHold?.([...holds.values()]);
        if (holds.size === 0) surface.update();
      };
    },
    explain(state) {
      return options.rows.map((row) => ({
        name: row.name,
        title: row.title,
        kind: row.kind,
        verdict: row.verdict(state),
      }));
    },
    schemaOf(name, state) {
      return rowsByName.get(name)?.inputSchema(state);
    },
    call(name, input, { caller, channel, signal }) {
      const row = rowsByName.get(name);
      if (!row) return Promise.resolve(refusal('UNKNOWN_TOOL', `There is no tool named ${name}.`, { tool: name }));
      const state = options.state();
      return invoke(
        row,
        input,
        contextFor(signal ?? new AbortController().signal, state, caller, channel),
        row.inputSchema(state),
      );
    },
    callAsHuman(name, input, signal) {
      return surface.call(name, input, { caller: 'human', channel: 'ui', ...(signal ? { signal } : {}) });
    },
    heldFor() {
      return [...holds.values()];
    },
    registeredNames() {
      return [...registered.keys(), ...formsOn].sort();
    },
    dispose() {
      disposed = true;
      epoch.abort(SURFACE_DROPPED);
      registered.clear();
      registeredSignatures.clear();
      for (const row of declarative) {
        const form = options.document?.getElementById(row.formId);
        if (form && form.tagName === 'FORM')
          applyFormLegality(form as HTMLFormElement, row.name, false, row.autosubmit);
      }
      formsOn.clear();
      for (const unbind of unbindForms) unbind();
    },
  };

  return surface;
}
