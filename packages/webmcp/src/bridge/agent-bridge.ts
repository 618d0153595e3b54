import {
  failureReply,
  MAX_INVOKE_BYTES,
  readInvoke,
  replyTo,
  type BridgeInvoke,
  type BridgeRejection,
} from './envelope.ts';
import {
  invocationContract,
  manifestElement,
  manifestText,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type BridgeDeclaration,
} from './manifest.ts';

// The page's side of the cross-world bridge: the manifest in the DOM and the invoke listener on
// the window. It touches no WebMCP at all, so it works in every mode, including none. The page
// supplies what a bridged call does (its own `surface.call`), so a call through the bridge runs
// the same row through the same checks and is recorded the same way: the bridge grants nothing.

export interface AgentBridgeOptions {
  /** The page's own window: invokes must come from it (any world of it) and from its origin. */
  readonly window: Window;
  /** The manifest element's id, e.g. `desk-agent-tools`. */
  readonly manifestId: string;
  /**
   * Every verb the page answers, in order or not. A verb outside this list is not answered; a
   * listed verb out of order is answered with its refusal, by `invoke`.
   */
  readonly verbs: readonly string[];
  /** Runs one bridged call; what it resolves with is the reply (`{ ok: false, code, message }` is a refusal). */
  readonly invoke: (verb: string, input: Record<string, unknown>, invocation: BridgeInvoke) => Promise<unknown>;
  /** Told of every message that claimed to be for the bridge and was not answered. */
  readonly onRejected?: (rejection: BridgeRejection) => void;
  readonly maxMessageBytes?: number;
}

export interface AgentBridge {
  /** Writes the set of tools in order now into the manifest; call it on every change. */
  publish(tools: readonly BridgeDeclaration[]): void;
  /** Stops listening and removes the manifest. A call already running still gets its reply. */
  close(): void;
}

export function openAgentBridge(options: AgentBridgeOptions): AgentBridge {
  const win = options.window;
  const ownOrigin = win.location.origin;
  const maxBytes = options.maxMessageBytes ?? MAX_INVOKE_BYTES;
  const verbs = new Set(options.verbs);
  const element = manifestElement(win.document, options.manifestId);
  const contract = invocationContract(maxBytes);
  let revision = 0;
  let open = true;

  const write = (tools: readonly BridgeDeclaration[]): void => {
    const unknown = tools.filter((tool) => !verbs.has(tool.name)).map((tool) => tool.name);
    // A published tool the listener would not answer is a promise the page cannot keep.
    if (unknown.length > 0)
      throw new Error(`The manifest names verbs the bridge does not answer: ${unknown.join(', ')}.`);
    revision += 1;
    element.textContent = manifestText({
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      origin: ownOrigin,
      revision,
      invocation: contract,
      tools,
    });
  };
  // Until the page publishes its set, a reader finds a valid manifest listing nothing.
  write([]);

  const reject = (rejection: BridgeRejection): void => options.onRejected?.(rejection);

  const onMessage = (event: MessageEvent): void => {
    const read = readInvoke(event.data, (verb) => verbs.has(verb), maxBytes);
    if (read.kind === 'ignored') return;
    const claimed =
      read.kind === 'invoke'
        ? { id: read.invoke.id, verb: read.invoke.verb }
        : {
            ...(read.id === undefined ? {} : { id: read.id }),
            ...(read.verb === undefined ? {} : { verb: read.verb }),
          };
    // Where a message came from is checked before what it says: a frame or another window posting
    // a well-formed invoke is still not this page's own window.
    if (event.source !== win) {
      reject({
        code: 'WRONG_SOURCE',
        message: "The message was not posted by this page's own window.",
        origin: event.origin,
        ...claimed,
      });
      return;
    }
    if (event.origin !== ownOrigin) {
      reject({
        code: 'WRONG_ORIGIN',
        message: `The message came from ${event.origin.slice(0, 200)}, not from ${ownOrigin}.`,
        origin: event.origin,
        ...claimed,
      });
      return;
    }
    if (read.kind === 'rejected') {
      reject({ code: read.code, message: read.message, origin: event.origin, ...claimed });
      return;
    }
    const { invoke } = read;
    void options.invoke(invoke.verb, invoke.input, invoke).then(
      (result) => win.postMessage(replyTo(invoke.id, result), ownOrigin),
      (error: unknown) => win.postMessage(failureReply(invoke.id, error), ownOrigin),
    );
  };
  win.addEventListener('message', onMessage);

  return {
    publish(tools) {
      if (open) write(tools);
    },
    close() {
      if (!open) return;
      open = false;
      win.removeEventListener('message', onMessage);
      element.remove();
    },
  };
}
