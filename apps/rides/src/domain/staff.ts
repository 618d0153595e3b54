// What the collective's own people do from its page: stand a window down when its driver cannot
// make it, and put it back. Not a tool: no agent can reach it.
import { defineStaffAct } from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { liveBookings, type RidesData, type RidesEvent } from './state.ts';

export const setWindow = defineStaffAct<
  RidesData,
  RidesEvent,
  { readonly window: string; readonly stoodDown: boolean }
>({
  name: 'set_window',
  title: 'Stand a window down or back up',
  // What the site can offer this week: a staff member's passkey confirms it, not a session alone.
  changesStock: true,
  apply: ({ domain }, { window, stoodDown }) => {
    const found = domain.windows.find((w) => w.id === window);
    if (!found) return refusal('UNKNOWN_WINDOW', `There is no window ${window}.`, { window });
    if (found.stoodDown === stoodDown)
      return refusal('NO_CHANGE', `Window ${window} is already ${stoodDown ? 'stood down' : 'running'}.`, { window });
    const live = liveBookings(domain, window);
    if (stoodDown && live.length > 0) {
      return refusal(
        'WINDOW_HAS_BOOKINGS',
        `Window ${window} has ${live.length} live booking${live.length === 1 ? '' : 's'} (${live.map((b) => b.id).join(', ')}). Move or cancel them first; nothing changed.`,
        { window },
      );
    }
    return {
      ok: true,
      event: { type: 'window', window, stoodDown },
      summary: `Window ${window} with ${found.driver} is ${stoodDown ? 'stood down' : 'running again'}.`,
    };
  },
});
