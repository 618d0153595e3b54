import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';

// One way to run an axe scan, for every browser test that looks for accessibility problems.
//
// axe's standard mode scans each frame apart and then opens a blank page of its own to put the
// frames' results together: that is how it reaches frames of another origin. A scan that reaches no
// frame of another origin has nothing to put together, and axe's legacy mode scans it in place: the
// same rules over the same nodes, in about a third of the time (bench page, 4 scans each way: 2.4–4.2 s
// a scan in standard mode, 0.9–1.4 s in legacy mode). Legacy mode does not enter frames of another
// origin, so a scan that reaches one (the desk with a partner's frame in what it scans) runs in
// standard mode. A frame the scan excludes (the desk's partner frames, scanned on their own
// origins) or lies outside what it includes is not reached: the desk at the halt is scanned in place
// (measured at load 9, its two partner frames excluded: 6.7–7.3 s a scan in legacy mode, 10.1–11.8 s
// in standard mode, the same 47 rules passed over the same 1,996 nodes, no violation either way).

/** What axe answers a scan (its violations, passes and the rest). */
export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** What a scan covers: the page, or only what `include` matches, less what `exclude` matches (CSS selectors, as axe takes them). */
export interface AxeScope {
  readonly include?: string;
  readonly exclude?: string;
}

/** An axe scan of `page` within `scope`, run in the mode its frames allow. */
export async function axeScan(page: Page, scope: AxeScope = {}): Promise<AxeResults> {
  let builder = new AxeBuilder({ page });
  if (scope.include !== undefined) builder = builder.include(scope.include);
  if (scope.exclude !== undefined) builder = builder.exclude(scope.exclude);
  return (await reachesFrameOfAnotherOrigin(page, scope)) ? builder.analyze() : builder.setLegacyMode(true).analyze();
}

async function reachesFrameOfAnotherOrigin(page: Page, scope: AxeScope): Promise<boolean> {
  const own = new URL(page.url()).origin;
  const main = page.mainFrame();
  const others = page
    .frames()
    .filter((frame) => frame !== main && frame.url() !== 'about:blank' && new URL(frame.url()).origin !== own);
  for (const frame of others) if (await inScope(topFrameOf(frame, main), scope)) return true;
  return false;
}

/** The frame of the page's own document that holds `frame` (itself, or the one it is nested in). */
function topFrameOf(frame: Frame, main: Frame): Frame {
  let top = frame;
  for (let parent = top.parentFrame(); parent !== null && parent !== main; parent = parent.parentFrame()) top = parent;
  return top;
}

/** Whether the element of a frame of the page's own document lies in the scan; a frame gone is counted in, to be safe. */
async function inScope(frame: Frame, scope: AxeScope): Promise<boolean> {
  try {
    const element = await frame.frameElement();
    return await element.evaluate(
      (node, { include, exclude }) =>
        node instanceof Element &&
        (include === undefined || node.closest(include) !== null) &&
        (exclude === undefined || node.closest(exclude) === null),
      { include: scope.include, exclude: scope.exclude },
    );
  } catch {
    return true;
  }
}
