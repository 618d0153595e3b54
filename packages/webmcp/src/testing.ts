// For tests and benchmarks only, never for pages: an in-memory WebMCP for Node, and an agent that
// calls a page's tools from inside the page (how tests reach the polyfill's tools).
export { memoryWebMcp, type MemoryWebMcp } from './memory-webmcp.ts';
export {
  pageAgentCall,
  pageAgentCallFromOrigin,
  pageAgentCallsAtOnce,
  pageAgentListTools,
  pageAgentRegisterTool,
  pageAgentTimedCalls,
  pageAgentToolsFromOrigin,
  type PageAgentTool,
} from './page-agent.ts';
export { reportFrameToolRuns } from './frame-tool-runs.ts';
export {
  bridgeClientCall,
  worldView,
  type BridgeClientAnswer,
  type BridgeClientRequest,
  type BridgeClientTool,
} from './bridge/bridge-client.ts';
