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
  /**
   * Called when the frame's first document is replaced: it navigated elsewhere, or was reloaded.
   * The lease's tools and channel were that document's, so they are gone.
   */
  readonly onNavigated?: () => void;
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
      // A frame fires load once per document it loads, cross-origin too (whose location the desk
      // cannot read): the first is the partner's page, any later one is a navigation (a fragment
      // change loads nothing and fires none).
      let loads = 0;
      frame.addEventListener('load', () => {
        loads += 1;
        if (loads > 1) spec.onNavigated?.();
      });
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
