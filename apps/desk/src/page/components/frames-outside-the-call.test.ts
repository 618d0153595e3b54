import { describe, expect, it } from 'vitest';
import type { FrameContainer, FrameSpec } from '@warrant/broker';
import { framesOutsideTheCall, throughTheBrowser } from './frames-outside-the-call.ts';

const SPEC: FrameSpec = {
  lease: 'L-1',
  partner: 'pantry',
  src: 'http://localhost:5174/#read_capacity',
  title: 'Pantry, partner site, under lease L-1',
};

/** A container that records what it was asked to do; its frame's window is a marker object. */
function recordingContainer() {
  const mounted: FrameSpec[] = [];
  const removed: string[] = [];
  const window = { marker: 'the frame window' } as unknown as Window;
  const container: FrameContainer = {
    mount(spec) {
      mounted.push(spec);
      return { window, remove: () => removed.push(spec.lease) };
    },
  };
  return { container, mounted, removed, window };
}

/** A fresh task the test runs when it chooses. */
function heldTasks() {
  const tasks: Array<() => void> = [];
  return {
    freshTask: (run: () => void) => void tasks.push(run),
    runAll: () => tasks.splice(0).forEach((run) => run()),
  };
}

describe('framesOutsideTheCall', () => {
  it('mounts nothing in the task that asked; mounts the frame once, as asked, from the fresh task', () => {
    const inner = recordingContainer();
    const tasks = heldTasks();
    const frame = framesOutsideTheCall(inner.container, tasks.freshTask).mount(SPEC);
    expect(inner.mounted).toEqual([]);
    expect(frame.window).toBeNull();
    tasks.runAll();
    expect(inner.mounted).toEqual([SPEC]);
    expect(frame.window).toBe(inner.window);
    frame.remove();
    expect(inner.removed).toEqual(['L-1']);
    expect(frame.window).toBeNull();
  });

  it('never makes a frame removed before its fresh task ran', () => {
    const inner = recordingContainer();
    const tasks = heldTasks();
    const frame = framesOutsideTheCall(inner.container, tasks.freshTask).mount(SPEC);
    frame.remove();
    tasks.runAll();
    expect(inner.mounted).toEqual([]);
    expect(inner.removed).toEqual([]);
    expect(frame.window).toBeNull();
  });

  it('by default runs the mount from a message through the browser, after the asking task has ended', async () => {
    const inner = recordingContainer();
    const mountedInTask: boolean[] = [];
    let asking = true;
    const done = new Promise<void>((resolve) => {
      const counted: FrameContainer = {
        mount(spec) {
          mountedInTask.push(asking);
          const frame = inner.container.mount(spec);
          resolve();
          return frame;
        },
      };
      framesOutsideTheCall(counted).mount(SPEC);
    });
    asking = false;
    await done;
    expect(mountedInTask).toEqual([false]);
    expect(inner.mounted).toEqual([SPEC]);
  });

  it('throughTheBrowser runs each task once', async () => {
    const ran: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) => new Promise<void>((resolve) => throughTheBrowser(() => (ran.push(n), resolve())))),
    );
    expect(ran.sort()).toEqual([1, 2, 3]);
  });
});
