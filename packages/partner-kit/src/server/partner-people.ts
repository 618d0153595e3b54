// A partner's people are its own staff: @warrant/people over this partner's own tables
// (migrations/006-partner-staff.sql), its own origin and relying-party id, and a session cookie
// named for this partner alone (warrant_<site>_staff), so neither the desk's cookie nor another
// partner's means anything here, and a passkey made for another site is not one of this site's.
import { SITES, type SiteName } from '@warrant/config';
import type { PeopleSite } from '@warrant/people';

export const staffCookie = (site: SiteName): string => `warrant_${site}_staff`;

export function partnerPeople(site: SiteName, organisation: string): PeopleSite {
  const { origin } = SITES[site];
  return {
    origin,
    rpId: new URL(origin).hostname,
    rpName: `${organisation} staff`,
    cookie: staffCookie(site),
    idPrefix: 'S',
    noun: 'staff member',
    tables: {
      people: 'partner_staff',
      credentials: 'partner_staff_credentials',
      sessions: 'partner_staff_sessions',
      ceremonies: 'partner_staff_ceremonies',
      links: 'partner_staff_links',
      personColumn: 'staff_id',
    },
  };
}
