/** Whether this page is inside another page's frame (the desk mounts partners in an iframe). */
export function isFramed(): boolean {
  try {
    return window.top !== window;
  } catch {
    // A browser that will not even compare the top window is certainly framing this page.
    return true;
  }
}
