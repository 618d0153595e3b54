// For browser tests: which document ran a tool. The browser fires toolactivated on the
// modelContext of the document whose tool runs, and nowhere else (it does not even reach that
// document's window), so only code in that document can hear it. Tests install this with
// page.addInitScript in every frame; it is self-contained (no imports, no closures) for that.

/**
 * In a framed document, calls `window[binding](toolName)` (a binding the test exposed) each time
 * this document's WebMCP runs one of its tools. Does nothing in a top-level document or where
 * there is no WebMCP at document start.
 */
export function reportFrameToolRuns(binding: string): void {
  if (window === window.top) return;
  const context = (document as unknown as { modelContext?: EventTarget }).modelContext;
  context?.addEventListener('toolactivated', (event) => {
    const report = (window as unknown as Record<string, ((tool: string) => unknown) | undefined>)[binding];
    report?.((event as Event & { toolName: string }).toolName);
  });
}
