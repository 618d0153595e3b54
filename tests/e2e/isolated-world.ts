import { expect, type Page } from '@playwright/test';
import { worldView } from '@warrant/webmcp/testing';

// The world an extension's content script runs in: it shares the page's DOM and window
// messages, not its JavaScript. Made through CDP, as Chromium makes one for an extension.

export interface World {
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

/** A new isolated world in the page's main frame. */
export async function isolatedWorld(page: Page): Promise<World> {
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'warrant-content-script',
  });
  return {
    async evaluate(fn, arg) {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        contextId: executionContextId,
        expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    },
  };
}

/**
 * The gap an extension meets, asserted per lane: the page's world sees WebMCP; a content script's
 * world sees the browser's own (native) in full, and nothing of the polyfill, which is a property
 * set in the page's world only.
 */
export async function expectWorldGap(page: Page, world: World, lane: 'native' | 'polyfill'): Promise<void> {
  const pageWorld = await page.evaluate(worldView);
  const contentScript = await world.evaluate(worldView, undefined);
  expect(pageWorld).toEqual({ api: 'object', registerTool: 'function', getTools: 'function', executeTool: 'function' });
  if (lane === 'polyfill')
    expect(contentScript).toEqual({
      api: 'undefined',
      registerTool: 'undefined',
      getTools: 'undefined',
      executeTool: 'undefined',
    });
  else expect(contentScript).toEqual(pageWorld);
}
