export { InertText, revealInvisible } from './inert-text.tsx';
export { ModeBadge } from './mode-badge.tsx';
export { ToolList } from './tool-list.tsx';
export { ChangeLine } from './change-line.tsx';
export { registeredTools } from './registered-tools.ts';
