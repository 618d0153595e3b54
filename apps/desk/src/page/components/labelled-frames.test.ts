// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { frameCaption, labelledFrameContainer } from './labelled-frames.ts';

// Each partner frame sits in its own figure with a caption slot the page fills; removing the
// frame removes its figure, and nothing else in the stack moves.
it('mounts each frame in a figure with a caption slot, finds the slot by lease, and removes the figure with the frame', () => {
  const stack = document.createElement('div');
  document.body.append(stack);
  const frames = labelledFrameContainer(stack);
  const pantry = frames.mount({
    lease: 'L-1',
    partner: 'pantry',
    src: 'about:blank',
    title: 'Food pantry, partner site, under lease L-1',
  });
  frames.mount({
    lease: 'L-2',
    partner: 'shelter',
    src: 'about:blank',
    title: 'Shelter, partner site, under lease L-2',
  });
  const shelterFrame = stack.querySelector('iframe[data-partner="shelter"]');
  expect([...stack.querySelectorAll('figure > iframe')].map((frame) => frame.getAttribute('data-lease'))).toEqual([
    'L-1',
    'L-2',
  ]);
  expect(stack.querySelector('iframe[data-lease="L-1"]')?.getAttribute('allow')).toBe('tools');
  expect(frameCaption(stack, 'L-2')?.parentElement?.contains(shelterFrame)).toBe(true);
  expect(frameCaption(stack, 'L-3')).toBeNull();
  pantry.remove();
  expect(stack.querySelectorAll('figure')).toHaveLength(1);
  expect(frameCaption(stack, 'L-1')).toBeNull();
  // The shelter's frame is the same element, where it was: not moved, so not reloaded.
  expect(stack.querySelector('iframe[data-partner="shelter"]')).toBe(shelterFrame);
  stack.remove();
});
