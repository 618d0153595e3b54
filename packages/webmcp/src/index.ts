export { connect, wrapContext, type Connection, type Mode, type WebMcp } from './connect.ts';
export type { ExecuteOutcome, ExecuteFailureCode, ExecuteOptions } from './execute-tool.ts';
export type { ArgumentShape } from './argument-shape.ts';
export type { ListedTool, ListOptions, ToolDeclaration, RegisterOptions } from './tools.ts';
export { documentContext, type PlatformContext, type PlatformAnnotations } from './platform.ts';
export { isAgentSubmission, onAgentCallRefusedByForm, respondToAgent } from './form-submission.ts';
export { openAgentBridge, type AgentBridge, type AgentBridgeOptions } from './bridge/agent-bridge.ts';
export {
  BRIDGE_ENVELOPE,
  BRIDGE_VERSION,
  MAX_INVOKE_BYTES,
  type BridgeId,
  type BridgeInvoke,
  type BridgeReply,
  type BridgeSuccessReply,
  type BridgeRefusalReply,
  type BridgeRejection,
  type BridgeRejectionCode,
} from './bridge/envelope.ts';
export { MANIFEST_FORMAT, MANIFEST_VERSION, type BridgeDeclaration, type BridgeHints, type ManifestDocument, type InvocationContract } from './bridge/manifest.ts';
export { documentHealth, type DocumentHealth } from './bridge/document-health.ts';
export { tryPlatformMethods, MARKER_TOOL, type MethodOutcome, type PlatformMethod } from './bridge/platform-methods.ts';
export { answerFrameReports, askFrameReport, readFrameReport, FRAME_REPORT_ENVELOPE, type FrameReport, type FrameReportAnswer } from './bridge/frame-report.ts';
export type { PlatformRegisteredTool, PlatformToolDeclaration } from './platform.ts';
