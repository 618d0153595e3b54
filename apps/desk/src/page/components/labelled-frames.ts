// Each partner frame in a figure of its own, with an empty caption the page fills in (its partner,
// what the lease is for, the time it has left: partners-now.tsx). The figure is made here, with the
// frame inside it, before either is on the page, so the frame loads once and is never moved: moving
// an iframe reloads it, and with it every tool the partner registered.
import { domFrameContainer, type FrameContainer } from '@warrant/broker';

/** The caption slot of the frame a lease mounted in `parent`, when it is there. */
export function frameCaption(parent: HTMLElement, lease: string): HTMLElement | null {
  for (const figure of parent.children) {
    if (figure instanceof HTMLElement && figure.dataset['lease'] === lease) return figure.querySelector('figcaption');
  }
  return null;
}

/** Frames mounted as `<figure><figcaption/><iframe/></figure>` children of `parent`; removing one removes its figure. */
export function labelledFrameContainer(parent: HTMLElement): FrameContainer {
  const document = parent.ownerDocument;
  return {
    mount(spec) {
      const figure = document.createElement('figure');
      figure.className = 'partner-frame';
      figure.dataset['lease'] = spec.lease;
      figure.dataset['partner'] = spec.partner;
      figure.append(document.createElement('figcaption'));
      const frame = domFrameContainer(figure).mount(spec);
      parent.append(figure);
      return {
        get window() {
          return frame.window;
        },
        remove() {
          frame.remove();
          figure.remove();
        },
      };
    },
  };
}
