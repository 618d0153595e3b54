// What the closet's own people do from its page: log a temperature reading. A reading out of a
// unit's range stops new stock going into it (and one back in range lets it in again). Not a tool.
import { defineStaffAct } from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { HIGHEST_READING, LOWEST_READING, STAFF } from './catalogue.ts';
import { inRange, type ColdchainData, type ColdchainEvent } from './state.ts';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const logReading = defineStaffAct<
  ColdchainData,
  ColdchainEvent,
  { readonly unit: string; readonly celsius: number; readonly by: string; readonly at: string }
>({
  name: 'log_reading',
  title: 'Log a reading',
  apply: ({ domain }, { unit, celsius, by, at }) => {
    const found = domain.units.find((u) => u.id === unit);
    if (!found) return refusal('UNKNOWN_UNIT', `There is no unit ${unit}.`, { unit });
    if (!Number.isFinite(celsius) || celsius < LOWEST_READING || celsius > HIGHEST_READING) {
      return refusal(
        'READING_OUT_OF_SCALE',
        `A reading must be between ${LOWEST_READING} and ${HIGHEST_READING} °C. Nothing was logged.`,
        { celsius },
      );
    }
    if (!(STAFF as readonly string[]).includes(by))
      return refusal('NOT_ON_ROTA', `${by} is not on the readings rota.`, { by });
    if (!LOCAL_TIME.test(at)) return refusal('BAD_TIME', 'The reading needs a date and time.', { at });
    const reading = { unit, celsius: Math.round(celsius * 10) / 10, by, at };
    const verdict = inRange(found, reading.celsius)
      ? 'in range'
      : `OUT OF RANGE (${found.min} to ${found.max} °C): no new stock goes in`;
    return {
      ok: true,
      event: { type: 'reading', reading },
      summary: `${found.name}: ${reading.celsius} °C logged by ${by}, ${verdict}.`,
    };
  },
});
