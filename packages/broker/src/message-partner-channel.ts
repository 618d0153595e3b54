// The message transport, desk side, for runtimes that cannot share tools across documents (the
// polyfill refuses exposedTo and fromOrigins). The partner frame announces itself on the desk's
// window; the desk checks the announcement came from that frame's window and from the partner's
// registry origin, and answers with a MessagePort, posted to the frame with the partner origin as
// targetOrigin (so it reaches no other document the frame might have navigated to). Everything
// after goes over the port, which only the two ends hold.
//
// The port is bound once: the desk answers the frame's first announcement and no other. A second
// one (the frame's document replaced, or a script in it announcing again) is refused and
// recorded, and what was open on the port ends CHANNEL_CLOSED: its answers may never come, and the
// desk asks the partner what happened to them by idempotency key. The partner binds once too, and
// reports on the port a hello it refused (a script on the desk's page offering its own port).
//
// The frame's page says on the window, as it announced itself, when it has lost its own server
// (`fault`): checked as the announcement is (that frame's window, the partner's origin), and
// handed to whoever fails the lease.
import type { ListedTool } from '@warrant/webmcp';
import { claimedKind, claimsEnvelope, envelope, readPartnerMessage } from './partner-envelope.ts';
import {
  abortedOutcome,
  channelFailure,
  type ChannelConnector,
  type PartnerCallOutcome,
  type PartnerChannel,
  type RejectedMessage,
} from './partner-channel.ts';
import type { MountedFrame } from './frame-container.ts';
import type { PartnerFault } from './partner-fault.ts';

type Host = Pick<Window, 'addEventListener' | 'removeEventListener'>;
type Target = { postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void };

export interface MessagePartnerChannelOptions {
  /** The desk's own window, where the partner's `ready` arrives. */
  readonly host: Host;
  /** The partner frame's window (read when a message arrives: a frame's WindowProxy is known once it is in the document). */
  readonly target: () => Target | null;
  /** The partner's origin, from the registry. */
  readonly origin: string;
  readonly onRejected?: (message: RejectedMessage) => void;
  readonly onFault?: (fault: PartnerFault) => void;
  /**
   * Whether a window is another partner frame of this desk, with its own channel. Every channel
   * hears every announcement on the desk's window, so with two leases open each hears the other
   * frame's: that is a message for another channel, not a forgery, and is left to it.
   */
  readonly framedElsewhere?: (source: MessageEventSource | null) => boolean;
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A handshake no one awaited yet must not surface as an unhandled rejection when the lease ends.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

export function openMessagePartnerChannel(options: MessagePartnerChannelOptions): PartnerChannel {
  const { origin } = options;
  const reject = (reason: string, from: string, data: unknown): void =>
    options.onRejected?.({ reason, origin: from, kind: claimedKind(data) });
  let port: MessagePort | null = null;
  // The hello still waiting for its answer, and the list that answered the latest one (handed to
  // the next tools() call).
  let helloId: string | null = null;
  let helloList: ListedTool[] | null = null;
  let declared: ListedTool[] = [];
  let closed = false;
  // Whether a port was ever handed over: after that, the channel answers no announcement again.
  let bound = false;
  let counter = 0;
  const nextId = (prefix: string): string => `${prefix}-${(counter += 1)}`;
  const handshake = deferred<void>();
  const toolAnswers = new Map<string, Deferred<ListedTool[]>>();
  const calls = new Map<string, (outcome: PartnerCallOutcome) => void>();
  // Calls the desk gave up on: the partner may still answer them, and that is not a forgery.
  const abandoned = new Set<string>();

  // The port is bound to the frame: whatever origin a listed tool claims, it is the partner's.
  const own = (tools: readonly ListedTool[]): ListedTool[] => tools.map((tool) => ({ ...tool, origin }));

  const onPortMessage = (event: MessageEvent): void => {
    const message = readPartnerMessage(event.data);
    if (typeof message === 'string') return reject(message, '', event.data);
    if (message.kind === 'tools') {
      if (message.id === helloId) {
        helloId = null;
        helloList = own(message.tools);
        handshake.resolve();
        return;
      }
      const waiting = toolAnswers.get(message.id);
      if (!waiting) return reject('a tool list that answers no request', '', event.data);
      toolAnswers.delete(message.id);
      waiting.resolve(own(message.tools));
      return;
    }
    if (message.kind === 'result') {
      const settle = calls.get(message.id);
      if (settle) return settle(message.outcome);
      if (abandoned.delete(message.id)) return;
      return reject('a result for no call', '', event.data);
    }
    if (message.kind === 'refused')
      return options.onRejected?.({
        reason: `the partner refused a ${message.refusedKind}: ${message.reason}`,
        origin: message.from,
        kind: message.refusedKind,
      });
    reject(`${message.kind} belongs on the window, not the port`, '', event.data);
  };

  const dropPort = (why: string): void => {
    for (const answer of toolAnswers.values()) answer.reject(new Error(why));
    toolAnswers.clear();
    for (const settle of [...calls.values()]) settle(channelFailure('CHANNEL_CLOSED', why));
    port?.close();
    port = null;
  };

  const onWindowMessage = (event: MessageEvent): void => {
    if (closed || !claimsEnvelope(event.data)) return;
    const target = options.target();
    if (target !== null && event.source !== (target as unknown) && options.framedElsewhere?.(event.source)) return;
    if (target === null || event.source !== (target as unknown))
      return reject('the message did not come from the partner frame', event.origin, event.data);
    if (event.origin !== origin)
      return reject(`the message came from ${event.origin}, not ${origin}`, event.origin, event.data);
    const message = readPartnerMessage(event.data);
    if (typeof message === 'string') return reject(message, event.origin, event.data);
    if (message.kind === 'fault') return options.onFault?.(message.fault);
    if (message.kind !== 'ready')
      return reject(`${message.kind} belongs on the port, not the window`, event.origin, event.data);
    if (bound) {
      reject('a second ready: the channel to this frame is bound once', event.origin, event.data);
      dropPort('the partner frame announced itself again, so the answers open on its bound port may never come');
      return;
    }
    bound = true;
    declared = own(message.declared);
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = onPortMessage;
    helloId = nextId('hello');
    target.postMessage(envelope('hello', helloId), origin, [channel.port2]);
  };
  options.host.addEventListener('message', onWindowMessage as EventListener);

  return {
    transport: 'message',

    async tools() {
      if (closed) throw new Error('The partner channel is closed.');
      await handshake.promise;
      const first = helloList;
      helloList = null;
      if (first) return first;
      if (!port) throw new Error(`The channel to ${origin} lost its port.`);
      const id = nextId('tools');
      const answer = deferred<ListedTool[]>();
      toolAnswers.set(id, answer);
      port?.postMessage(envelope('tools', id));
      return answer.promise;
    },

    declared: () => declared,

    async call(name, input, { signal }) {
      if (closed)
        return channelFailure('CHANNEL_CLOSED', `The channel to ${origin} is closed, so ${name} was not called.`);
      if (signal.aborted) return abortedOutcome(signal);
      const started = await new Promise<'ready' | 'aborted' | 'closed'>((resolve) => {
        const onAbort = (): void => resolve('aborted');
        signal.addEventListener('abort', onAbort, { once: true });
        handshake.promise.then(
          () => {
            signal.removeEventListener('abort', onAbort);
            resolve('ready');
          },
          () => {
            signal.removeEventListener('abort', onAbort);
            resolve('closed');
          },
        );
      });
      if (started === 'aborted') return abortedOutcome(signal);
      if (started === 'closed' || closed || !port)
        return channelFailure('CHANNEL_CLOSED', `The channel to ${origin} closed before ${name} was called.`);
      const id = nextId('call');
      const open = port;
      return new Promise<PartnerCallOutcome>((resolve) => {
        const onAbort = (): void => {
          calls.delete(id);
          abandoned.add(id);
          open.postMessage(envelope('abort', id));
          resolve(abortedOutcome(signal));
        };
        calls.set(id, (outcome) => {
          calls.delete(id);
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        });
        signal.addEventListener('abort', onAbort, { once: true });
        open.postMessage({ ...envelope('invoke', id), name, input });
      });
    },

    close() {
      if (closed) return;
      closed = true;
      options.host.removeEventListener('message', onWindowMessage as EventListener);
      handshake.reject(new Error('The partner channel closed.'));
      dropPort(`The channel to ${origin} closed before the partner answered.`);
    },
  };
}

/**
 * Opens a message channel to each mounted frame, hearing its announcement on `host` (the desk's
 * window). The connector knows every frame it has a channel to, so no channel reports another
 * frame's announcement as forged; a window none of them is bound to is still reported by each.
 */
export function messageChannelConnector(host: Host): ChannelConnector {
  const frames = new Set<MountedFrame>();
  return ({ frame, origin, onRejected, onFault }) => {
    frames.add(frame);
    const channel = openMessagePartnerChannel({
      host,
      target: () => frame.window,
      origin,
      onRejected,
      ...(onFault ? { onFault } : {}),
      framedElsewhere: (source) =>
        source !== null && [...frames].some((other) => other !== frame && other.window === source),
    });
    return {
      ...channel,
      close() {
        frames.delete(frame);
        channel.close();
      },
    };
  };
}
