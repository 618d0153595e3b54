// The desk's partners in its server's Node tests, as the desk learns any partner: from the manifest
// the partner's own server publishes (PARTNER_MANIFEST_PATH). The tests serve the partner kit's
// umbrella stand on a partner's origin; the desk then plans and undoes its writes as that
// manifest says (lend_umbrellas, undone by return_umbrellas), not as partners.json says of the
// real pantry.
import type { Hono } from 'hono';
import {
  createPartnerDirectory,
  PARTNER_MANIFEST_PATH,
  readPartnerManifest,
  type PartnerDirectory,
} from '@warrant/broker';

/** The directory of the partners served by `apps`, read from each one's published manifest. */
export async function directoryServedBy(apps: readonly Hono[]): Promise<PartnerDirectory> {
  const manifests = await Promise.all(
    apps.map(async (app) => {
      const read = readPartnerManifest(await (await app.request(PARTNER_MANIFEST_PATH)).json());
      if (!read.ok) throw new Error(`A test partner's manifest does not read: ${read.problem}`);
      return read.manifest;
    }),
  );
  return createPartnerDirectory(manifests);
}
