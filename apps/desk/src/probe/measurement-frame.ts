// A document of another origin mounted for one check, and removed when the check is done:
// removing the element destroys the document and every tool registered in it.

export interface MeasurementFrame {
  readonly element: HTMLIFrameElement;
  /** Resolves when the frame's document has loaded, or rejects after `timeoutMs`. */
  readonly loaded: Promise<void>;
  remove(): void;
}

export function mountFrame(
  container: HTMLElement,
  url: string,
  options: { readonly title: string; readonly allowTools: boolean; readonly timeoutMs: number },
): MeasurementFrame {
  const element = document.createElement('iframe');
  element.title = options.title;
  // allow="tools" delegates WebMCP to the frame; the desk's Permissions-Policy header names this
  // origin too, or the delegation would be capped at the header.
  if (options.allowTools) element.allow = 'tools';
  element.src = url;
  const loaded = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${url} did not load within ${options.timeoutMs} ms.`)),
      options.timeoutMs,
    );
    element.addEventListener(
      'load',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
  // A caller that gives up on the load must not leave an unhandled rejection behind.
  loaded.catch(() => undefined);
  container.append(element);
  return { element, loaded, remove: () => element.remove() };
}
