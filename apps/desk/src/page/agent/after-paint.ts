// What the desk loads for agents once it has painted, as one chunk: the cross-world bridge, which
// main.tsx opens at once, and the in-page agent panel, which the slot renders on first open. One
// chunk rather than two, because each chunk loaded later splits the code it shares with the
// page's first load into chunks of its own, and every split adds to what the first visit fetches.
export { mountedSurface, openDeskBridge } from '../bridge/desk-bridge.ts';
export { AgentPanel } from './agent-panel.tsx';
