// An in-memory partner behind the partner channel interface, for unit tests of what sits on the
// desk's side of the seam (the broker, the frame host, a desk's run). It lists the tools of one
// partner's manifest, keeps the partner tool contract (receipts, idempotency keys, the result
// fields its compensations read), and — like a real partner write — checks the call's
// signal immediately before it commits. It is not a partner site and does not stand for one.
import { signCanonical, type SigningKey } from '@warrant/authority';
import type { ListedTool } from '@warrant/webmcp';
import { READING_FIELD, type PartnerReceipt } from '../partner-contract.ts';
import {
  abortedOutcome,
  channelFailure,
  type ChannelConnector,
  type PartnerCallOutcome,
  type PartnerChannel,
} from '../partner-channel.ts';
import type { PartnerManifest } from '../partner-manifest.ts';
import { receiptDigest } from '../receipt.ts';
import { readingOf, readingStatement } from '../reading.ts';

export interface PartnerCommit {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly result: Readonly<Record<string, unknown>>;
  readonly receipt: PartnerReceipt;
}

export interface MemoryPartnerOptions {
  readonly manifest: PartnerManifest;
  /** Awaited by every write before it checks its signal and commits: a test holds writes open with it. */
  readonly beforeCommit?: (tool: string, args: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Called as a write commits, before it answers. */
  readonly onCommit?: (commit: PartnerCommit) => void;
  /** Awaited after a write has committed and before it answers: a test loses the answer of a committed write with it. */
  readonly afterCommit?: (commit: PartnerCommit) => Promise<void>;
  /** What the partner's notes read returns. */
  readonly notes?: string;
  /** Tool names this partner answers with a refusal. */
  readonly refuse?: readonly string[];
  /** The key it signs its receipts with, as a partner server does; unsigned without one. */
  readonly receiptKey?: SigningKey;
}

export interface MemoryPartner {
  readonly connector: ChannelConnector;
  /** Every write committed, in order. */
  readonly commits: readonly PartnerCommit[];
  /** Channels opened and not closed. */
  openChannels(): number;
}

export function memoryPartner(options: MemoryPartnerOptions): MemoryPartner {
  const { manifest } = options;
  const { origin, name: partner } = manifest;
  const commits: PartnerCommit[] = [];
  const answers = new Map<string, unknown>();
  let open = 0;
  let allocated = 0;

  const listed: ListedTool[] = manifest.tools.map((entry) => ({
    name: entry.name,
    title: entry.name.replaceAll('_', ' '),
    description: `${entry.name} at ${partner}`,
    origin,
    inputSchema: { type: 'object' },
    annotations: {
      readOnlyHint: entry.access === 'read',
      untrustedContentHint: entry.untrusted,
      consequentialHint: entry.access === 'write',
      debugging: false,
    },
  }));

  const answer = (value: unknown): PartnerCallOutcome => ({
    ok: true,
    shape: 'object',
    raw: JSON.stringify(value),
    value,
  });

  const write = async (
    tool: string,
    args: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ): Promise<PartnerCallOutcome> => {
    const key = String(args.idempotency_key);
    if (answers.has(key)) return answer({ ...(answers.get(key) as object), replayed: true });
    await options.beforeCommit?.(tool, args);
    allocated += 1;
    const number = allocated;
    const forward = manifest.compensations[tool];
    const result: Record<string, unknown> = forward
      ? Object.fromEntries(
          Object.values(forward.args)
            .filter((source) => source.from === 'result')
            .map((source) => [source.field, `${partner}-${source.field}-${number}`]),
        )
      : {
          undone:
            Object.values(args).find((value) => typeof value === 'string' && value.startsWith(`${partner}-`)) ?? null,
        };
    const unsigned: PartnerReceipt = {
      id: `${partner}-R-${number}`,
      tool,
      request: String(args.request),
      digest: await receiptDigest(tool, args, result),
    };
    const receipt: PartnerReceipt = options.receiptKey
      ? { ...unsigned, signature: signCanonical(options.receiptKey, unsigned) }
      : unsigned;
    // The signal is checked last, with nothing awaited between the check and the commit.
    if (signal.aborted) return abortedOutcome(signal);
    const commit = { tool, args, result, receipt };
    commits.push(commit);
    options.onCommit?.(commit);
    const body = { ok: true, result, receipt };
    answers.set(key, body);
    await options.afterCommit?.(commit);
    return answer(body);
  };

  /** A read's answer with the reading a partner server signs, given a key (the partner contract). */
  async function signedRead(tool: string, args: object, result: Record<string, unknown>): Promise<object> {
    if (!options.receiptKey) return result;
    const reading = await readingOf(tool, args, result, new Date().toISOString());
    return {
      ...result,
      [READING_FIELD]: { ...reading, signature: signCanonical(options.receiptKey, readingStatement(reading)) },
    };
  }

  const channel = (): PartnerChannel => {
    let closed = false;
    open += 1;
    return {
      transport: 'native',
      async tools() {
        if (closed) throw new Error('closed');
        return listed.map((tool) => ({ ...tool }));
      },
      async call(name, input, { signal }) {
        if (closed) return channelFailure('CHANNEL_CLOSED', 'closed');
        const entry = manifest.tools.find((tool) => tool.name === name);
        if (!entry) return { ok: false, code: 'NOT_REGISTERED', message: `${name} is not registered`, shape: null };
        if (signal.aborted) return abortedOutcome(signal);
        const args = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
        if (options.refuse?.includes(name))
          return answer({
            ok: false,
            isError: true,
            code: 'NOT_AVAILABLE',
            message: `${name} cannot be done now`,
            details: {},
          });
        if (entry.access === 'write') return write(name, args, signal);
        return answer(
          await signedRead(
            name,
            args,
            entry.untrusted ? { ok: true, notes: [options.notes ?? 'No notes.'] } : { ok: true, tool: name, args },
          ),
        );
      },
      close() {
        if (!closed) open -= 1;
        closed = true;
      },
    };
  };

  return { connector: () => channel(), commits, openChannels: () => open };
}
