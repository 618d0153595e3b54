// A partner, described as data: the document a partner serves at PARTNER_MANIFEST_PATH and a desk
// keeps in its configuration. The broker knows no partner by name; it is handed these (a partner
// directory, partner-directory.ts) and reads every partner, tool, scope and undo from them.
import { LEASE_PURPOSES, type LeasePurpose } from './lease-purposes.ts';

/** Where a partner serves its manifest, on its own origin. */
export const PARTNER_MANIFEST_PATH = '/.well-known/warrant-partner.json';

/**
 * A partner's name, as the manifests the broker is handed spell it ([a-z][a-z0-9_]*). Any name a
 * configuration gives: the broker has no list of its own to check it against.
 */
export type PartnerName = string;

export type ToolAccess = 'read' | 'write';

export interface PartnerTool {
  readonly name: string;
  readonly access: ToolAccess;
  /** The tool's own arguments. Every write also takes `request` and `idempotency_key` (partner-contract.ts). */
  readonly params: readonly string[];
  /** It returns text written by people (it registers with untrustedContentHint): what it returns is quarantined. */
  readonly untrusted: boolean;
}

/** Where an undo's argument comes from: a field of the first write's `result`, or of its arguments. */
export interface ArgumentSource {
  readonly from: 'result' | 'args';
  readonly field: string;
}

/** The write that undoes a write, and its own arguments (it also takes request and idempotency_key, derived by compensation.ts). */
export interface Compensation {
  readonly undo: string;
  readonly args: Readonly<Record<string, ArgumentSource>>;
}

export interface PartnerManifest {
  readonly name: PartnerName;
  /** The partner's origin: the only origin its tools are reached on and its steps digested with. */
  readonly origin: string;
  readonly title: string;
  readonly tools: readonly PartnerTool[];
  /** Which tools a lease of each purpose covers; a call to a tool not listed under its lease's purpose is out of scope. */
  readonly scopes: Readonly<Record<LeasePurpose, readonly string[]>>;
  /** Each undoable write's undo, by the write's name. Undo writes are not themselves undone. */
  readonly compensations: Readonly<Record<string, Compensation>>;
  /** The Ed25519 public key (base64) the partner signs its receipts with; null where it is not known yet (a desk's configuration, before it asks). */
  readonly receipt_key: string | null;
}

export type ManifestReading =
  { readonly ok: true; readonly manifest: PartnerManifest } | { readonly ok: false; readonly problem: string };

const NAME = /^[a-z][a-z0-9_]{0,63}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNameList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && NAME.test(item));

function readTool(value: unknown, at: string): PartnerTool | string {
  if (!isObject(value) || typeof value.name !== 'string' || !NAME.test(value.name))
    return `${at} has no tool name of [a-z0-9_]`;
  if (value.access !== 'read' && value.access !== 'write') return `${at} (${value.name}) is neither read nor write`;
  if (!isNameList(value.params)) return `${at} (${value.name}) does not list its params by name`;
  if (typeof value.untrusted !== 'boolean')
    return `${at} (${value.name}) does not say whether it returns untrusted content`;
  return { name: value.name, access: value.access, params: [...value.params], untrusted: value.untrusted };
}

function readCompensation(write: string, value: unknown, tools: readonly PartnerTool[]): Compensation | string {
  const access = (name: string) => tools.find((tool) => tool.name === name)?.access;
  if (access(write) !== 'write') return `compensations names ${write}, which is not one of its writes`;
  if (!isObject(value) || typeof value.undo !== 'string' || access(value.undo) !== 'write')
    return `the undo of ${write} is not one of its writes`;
  if (!isObject(value.args)) return `the undo of ${write} does not say where its arguments come from`;
  const args: Record<string, ArgumentSource> = {};
  for (const [name, source] of Object.entries(value.args)) {
    if (
      !isObject(source) ||
      (source.from !== 'result' && source.from !== 'args') ||
      typeof source.field !== 'string' ||
      source.field === ''
    )
      return `argument ${name} of the undo of ${write} has no source`;
    args[name] = { from: source.from, field: source.field };
  }
  if (value.undo === write) return `${write} cannot be its own undo`;
  return { undo: value.undo, args };
}

/**
 * Reads a manifest as a partner serves it or a desk configures it, or says what is wrong with it:
 * every scope names the partner's own tools (reads under read_capacity, writes under
 * execute_plan), and every undo is one of its writes.
 */
export function readPartnerManifest(value: unknown): ManifestReading {
  const wrong = (problem: string): ManifestReading => ({ ok: false, problem });
  if (!isObject(value)) return wrong('the manifest is not an object');
  if (typeof value.name !== 'string' || !NAME.test(value.name))
    return wrong('the manifest has no partner name of [a-z0-9_]');
  const name = value.name as PartnerName;
  if (typeof value.origin !== 'string' || !URL.canParse(value.origin) || new URL(value.origin).origin !== value.origin)
    return wrong(`${name}: the origin is not an origin`);
  if (typeof value.title !== 'string' || value.title === '') return wrong(`${name}: the manifest has no title`);
  if (value.receipt_key !== null && typeof value.receipt_key !== 'string')
    return wrong(`${name}: receipt_key is neither a key nor null`);
  if (!Array.isArray(value.tools)) return wrong(`${name}: the manifest lists no tools`);
  const tools: PartnerTool[] = [];
  for (const [index, entry] of value.tools.entries()) {
    const tool = readTool(entry, `tool ${index + 1}`);
    if (typeof tool === 'string') return wrong(`${name}: ${tool}`);
    if (tools.some((known) => known.name === tool.name)) return wrong(`${name}: ${tool.name} is listed twice`);
    tools.push(tool);
  }
  if (!isObject(value.scopes)) return wrong(`${name}: the manifest has no scopes`);
  const scopes = {} as Record<LeasePurpose, string[]>;
  for (const purpose of LEASE_PURPOSES) {
    const listed = value.scopes[purpose];
    if (!isNameList(listed)) return wrong(`${name}: scope ${purpose} does not list tools by name`);
    const access = purpose === 'read_capacity' ? 'read' : 'write';
    const stray = listed.find((tool) => !tools.some((known) => known.name === tool && known.access === access));
    if (stray !== undefined)
      return wrong(`${name}: scope ${purpose} names ${stray}, which is not one of its ${access}s`);
    scopes[purpose] = [...listed];
  }
  if (!isObject(value.compensations)) return wrong(`${name}: the manifest has no compensations`);
  const compensations: Record<string, Compensation> = {};
  for (const [write, entry] of Object.entries(value.compensations)) {
    const compensation = readCompensation(write, entry, tools);
    if (typeof compensation === 'string') return wrong(`${name}: ${compensation}`);
    compensations[write] = compensation;
  }
  return {
    ok: true,
    manifest: {
      name,
      origin: value.origin,
      title: value.title,
      tools,
      scopes,
      compensations,
      receipt_key: value.receipt_key,
    },
  };
}
