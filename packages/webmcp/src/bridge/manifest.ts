import { BRIDGE_ENVELOPE, BRIDGE_VERSION, MAX_INVOKE_BYTES } from './envelope.ts';

// The page's declarations as JSON text in the DOM. The DOM is the one part of a page every world
// shares, so a content script, a panel or any reader parses this with no help from the page.
// A <script type="application/json"> is a data block: the browser never runs it, so a CSP of
// script-src 'self' does not apply to it.

export const MANIFEST_FORMAT = 'warrant.agent.tools';
export const MANIFEST_VERSION = 1;
/** Manifest element ids name the page and end in -agent-tools (e.g. desk-agent-tools). */
export const MANIFEST_ID_PATTERN = /^[a-z][a-z0-9-]{0,63}-agent-tools$/;

export interface BridgeHints {
  readonly readOnlyHint?: boolean;
  readonly untrustedContentHint?: boolean;
  readonly consequentialHint?: boolean;
}

/** One tool as the manifest states it. */
export interface BridgeDeclaration {
  readonly name: string;
  readonly title: string;
  /** Written for a model: what it does, what comes back, when it is in order. */
  readonly description: string;
  /** Why the tool exists, in a sentence: what a caller would use it for. */
  readonly purpose: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly hints: BridgeHints;
  /** What comes back: a sentence, or a JSON Schema of the result. */
  readonly returns: string | Readonly<Record<string, unknown>>;
}

export interface ManifestDocument {
  readonly format: typeof MANIFEST_FORMAT;
  readonly version: typeof MANIFEST_VERSION;
  readonly origin: string;
  /** Goes up by one each time the set is published, so a reader can tell the set changed. */
  readonly revision: number;
  readonly invocation: InvocationContract;
  readonly tools: readonly BridgeDeclaration[];
}

export interface InvocationContract {
  readonly transport: 'window.postMessage';
  readonly how: string;
  readonly invoke: Readonly<Record<string, string | number>>;
  readonly reply: Readonly<Record<string, string | number>>;
  readonly maxMessageBytes: number;
  readonly notes: readonly string[];
}

/** How to call, stated in the manifest itself, so a reader needs no other document. */
export function invocationContract(maxBytes: number = MAX_INVOKE_BYTES): InvocationContract {
  return {
    transport: 'window.postMessage',
    how: "Post the invoke object to this page's own window: window.postMessage(invoke, window.location.origin). The reply is posted to the same window.",
    invoke: {
      envelope: BRIDGE_ENVELOPE,
      version: BRIDGE_VERSION,
      kind: 'invoke',
      id: 'yours: 1 to 128 printable characters, or a safe integer',
      verb: 'a tool name from tools',
      input: "an object matching that tool's inputSchema",
    },
    reply: {
      envelope: BRIDGE_ENVELOPE,
      version: BRIDGE_VERSION,
      kind: 'reply',
      direction: 'reply',
      id: 'the id you sent',
      ok: 'true: text holds the result as JSON text; false: code, reason and details say why nothing was done',
    },
    maxMessageBytes: maxBytes,
    notes: [
      'Match replies on direction "reply" and your id: posting to a window means you also hear your own invoke.',
      'A message from another window or origin, a malformed one, or one naming a verb this page does not declare gets no reply.',
      'A verb that is declared but not in order right now is answered with its refusal.',
      'The bridge adds no capability: a call through it meets every check any other call meets.',
    ],
  };
}

/** The manifest's JSON text, safe inside a script element even if the DOM is serialised again. */
export function manifestText(manifest: ManifestDocument): string {
  return JSON.stringify(manifest).replace(/</g, '\\u003c');
}

/** Finds or makes the manifest element in the document's head. */
export function manifestElement(doc: Document, id: string): HTMLScriptElement {
  if (!MANIFEST_ID_PATTERN.test(id))
    throw new RangeError(
      `A manifest id is lower-case words ending in -agent-tools, not ${JSON.stringify(id.slice(0, 80))}.`,
    );
  const existing = doc.getElementById(id);
  if (existing) {
    if (existing.tagName !== 'SCRIPT' || (existing as HTMLScriptElement).type !== 'application/json') {
      throw new Error(`#${id} exists and is not a <script type="application/json">.`);
    }
    return existing as HTMLScriptElement;
  }
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = id;
  (doc.head ?? doc.documentElement).append(element);
  return element;
}
