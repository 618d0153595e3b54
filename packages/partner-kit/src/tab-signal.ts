// A nudge between the origin's tabs and frames: "the log moved on". Each one then reads the log
// again, so a write served inside the desk's frame shows in a staff tab at once, and the other
// way round. Where the browser has no BroadcastChannel nothing is sent and each tab catches up
// at its next write.

export interface TabSignal {
  announce(): void;
  onAnnounce(listener: () => void): () => void;
  close(): void;
}

export function broadcastTabSignal(name: string): TabSignal | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  const listeners = new Set<() => void>();
  channel.onmessage = () => listeners.forEach((listener) => listener());
  return {
    announce: () => channel.postMessage('moved'),
    onAnnounce(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () => channel.close(),
  };
}
