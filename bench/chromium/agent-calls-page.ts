// The agent's calls from inside the page (@warrant/webmcp/testing), bundled by
// find-capacity.bench.ts and evaluated in the desk page, so they reach the page's WebMCP as an
// extension's content script or the browser's own agent would, in either lane. Bundled rather than
// handed to page.evaluate as functions: the bench runs under tsx, whose compiled functions call a
// helper (__name) that a page does not have.
export { pageAgentCall, pageAgentListTools, pageAgentTimedCalls } from '@warrant/webmcp/testing';
