import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// One way to start an axe scan, for every browser test that looks for accessibility problems.
//
// axe's standard mode scans each frame apart and then opens a blank page of its own to put the
// frames' results together: that is how it reaches frames of another origin. A page with no frame
// of another origin has nothing to put together, and axe's legacy mode scans it in place: the same
// rules over the same nodes, in about a third of the time (bench page, 4 scans each way: 2.4–4.2 s
// a scan in standard mode, 0.9–1.4 s in legacy mode). Legacy mode does not enter frames of another
// origin, so a page that has one (the desk with a partner's frame) is scanned in standard mode.

/** A scan of `page`, built with `scope` (include, exclude), in the mode its frames allow. */
export function axeOf(page: Page, scope: (builder: AxeBuilder) => AxeBuilder = (builder) => builder): AxeBuilder {
  const builder = scope(new AxeBuilder({ page }));
  return hasFrameOfAnotherOrigin(page) ? builder : builder.setLegacyMode(true);
}

function hasFrameOfAnotherOrigin(page: Page): boolean {
  const own = new URL(page.url()).origin;
  return page
    .frames()
    .some(
      (frame) => frame !== page.mainFrame() && frame.url() !== 'about:blank' && new URL(frame.url()).origin !== own,
    );
}
