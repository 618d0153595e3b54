// A partner frame is mounted when a lease opens, and an agent's open_lease call opens it. Chromium
// 156 ties a navigation to the tool call whose task started it, or any task descended from that
// one (a promise, a timer, a window or MessageChannel message, an idle callback), and when such a
// navigation commits on another origin it answers a DevTools caller's invocation with "Cannot
// return tool results after a cross-origin navigation", before the call's own answer: the agent
// is told the lease failed and never learns its id. Measured, docs/agent-clients.md.
//
// So each frame is put in place from a task the call did not start: a message on a BroadcastChannel
// of its own, which comes back through the browser and is not the call's (measured: untied, as a
// worker's message or a Web Lock's grant are). It costs one message's time, and the frame host
// discovers the partner's tools as it always does, once the frame has loaded.
import type { FrameContainer, MountedFrame } from '@warrant/broker';

/** Runs `run` from a task of its own, not descended from the task that asked. */
export type FreshTask = (run: () => void) => void;

let channels = 0;

/** A message to oneself that goes through the browser (no secure context needed, unlike Web Locks). */
export const throughTheBrowser: FreshTask = (run) => {
  channels += 1;
  // Named for this page and this mount alone: another tab of the desk never hears it.
  const name = `warrant-frame-mount-${channels}-${Math.random().toString(36).slice(2)}`;
  const sender = new BroadcastChannel(name);
  const receiver = new BroadcastChannel(name);
  receiver.onmessage = () => {
    sender.close();
    receiver.close();
    run();
  };
  sender.postMessage(null);
};

/**
 * `container`, with each frame mounted from a fresh task. The frame's window is null until then
 * (the partner channels read it when they use it), and a frame removed before then is never made.
 */
export function framesOutsideTheCall(
  container: FrameContainer,
  freshTask: FreshTask = throughTheBrowser,
): FrameContainer {
  return {
    mount(spec) {
      let mounted: MountedFrame | null = null;
      let removed = false;
      freshTask(() => {
        // A frame that cannot be made here is not reported to the frame host, which asked earlier;
        // its lease fails when the partner's tools are not discovered in time.
        if (!removed) mounted = container.mount(spec);
      });
      return {
        get window() {
          return mounted?.window ?? null;
        },
        remove() {
          removed = true;
          mounted?.remove();
          mounted = null;
        },
      };
    },
  };
}
