// @warrant/webmcp: the only code that touches document.modelContext. Exports what the README
// documents: connecting, the typed wrapper and its tool shapes, the form-submission helpers the
// kernel's declarative rows use, the cross-world bridge and its protocol, and a document's
// report of its own WebMCP (health, platform methods, frame reports).
export { connect, wrapContext, type Connection, type Mode, type WebMcp } from './connect.ts';
export type { ExecuteOutcome, ExecuteFailureCode } from './execute-tool.ts';
export type { ArgumentShape } from './argument-shape.ts';
export type { ListedTool, ToolDeclaration } from './tools.ts';
export {
  documentContext,
  type PlatformContext,
  type PlatformRegisteredTool,
  type PlatformToolDeclaration,
} from './platform.ts';
export { isAgentSubmission, onAgentCallRefusedByForm, respondToAgent } from './form-submission.ts';
export { openAgentBridge, type AgentBridge } from './bridge/agent-bridge.ts';
export {
  BRIDGE_ENVELOPE,
  BRIDGE_VERSION,
  MAX_INVOKE_BYTES,
  type BridgeInvoke,
  type BridgeReply,
  type BridgeSuccessReply,
  type BridgeRefusalReply,
  type BridgeRejection,
  type BridgeRejectionCode,
} from './bridge/envelope.ts';
export {
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type BridgeDeclaration,
  type BridgeHints,
  type ManifestDocument,
  type InvocationContract,
} from './bridge/manifest.ts';
export { documentHealth, type DocumentHealth } from './bridge/document-health.ts';
export { tryPlatformMethods, MARKER_TOOL, type MethodOutcome } from './bridge/platform-methods.ts';
export { answerFrameReports, askFrameReport, type FrameReport } from './bridge/frame-report.ts';
