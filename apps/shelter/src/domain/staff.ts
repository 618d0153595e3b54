// What the shelter's own people do from its page: take a bed out of service (a broken frame, a
// deep clean) and put it back. Not a tool: no agent can reach it.
import { defineStaffAct, type PartnerState } from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { bedInUse, type ShelterData, type ShelterEvent } from './state.ts';

export const setInService = defineStaffAct<
  ShelterData,
  ShelterEvent,
  { readonly bed: string; readonly inService: boolean }
>({
  name: 'set_in_service',
  title: 'Bed in or out of service',
  // What the site can offer this week: a staff member's passkey confirms it, not a session alone.
  changesStock: true,
  apply: ({ domain, week, today }: PartnerState<ShelterData>, { bed, inService }) => {
    const found = domain.beds.find((b) => b.id === bed);
    if (!found) return refusal('UNKNOWN_BED', `There is no bed ${bed}.`, { bed });
    if (found.inService === inService)
      return refusal('NO_CHANGE', `Bed ${bed} is already ${inService ? 'in' : 'out of'} service.`, { bed });
    if (
      !inService &&
      bedInUse(
        domain,
        bed,
        week.days.filter((night) => night >= today),
      )
    ) {
      return refusal(
        'BED_IN_USE',
        `Bed ${bed} is taken or held on a night still to come. Release or move that first; nothing changed.`,
        { bed },
      );
    }
    return {
      ok: true,
      event: { type: 'service', bed, inService },
      summary: `Bed ${bed} is ${inService ? 'back in service' : 'out of service'}.`,
    };
  },
});
