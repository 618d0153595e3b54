// Where partner frames are put. The frame host asks for a frame and removes it; this is the only
// part that touches the DOM, so the frame host runs under jsdom or a fake in unit tests.
import type { PartnerName } from './partner-manifest.ts';

export interface FrameSpec {
  readonly lease: string;
  readonly partner: PartnerName;
  /** The partner's origin from the registry, plus a path. */
  readonly src: string;
  /** The frame's accessible name. */
  readonly title: string;
}

export interface MountedFrame {
  /** The frame's WindowProxy (the partner channel posts to it); null where there is none. */
  readonly window: Window | null;
  /** Removes the frame element, which destroys its document and every tool registered in it. */
  remove(): void;
}

export interface FrameContainer {
  mount(spec: FrameSpec): MountedFrame;
}

/**
 * Frames as `<iframe allow="tools">` children of `parent`. Permission to use WebMCP is delegated
 * to the frame by `allow`, within the ceiling the embedding page's Permissions-Policy header sets.
 */
export function domFrameContainer(parent: HTMLElement): FrameContainer {
  return {
    mount(spec) {
      const frame = parent.ownerDocument.createElement('iframe');
      frame.setAttribute('allow', 'tools');
      frame.title = spec.title;
      frame.dataset.lease = spec.lease;
      frame.dataset.partner = spec.partner;
      frame.src = spec.src;
      parent.append(frame);
      return {
        get window() {
          return frame.contentWindow;
        },
        remove: () => frame.remove(),
      };
    },
  };
}
