// The only ways a person is added: a one-time link. A setup link comes from the operator (a person
// at the server's console, who is trusted as whoever runs the server is): it is how the first
// person of a site enrols, and how an operator adds one later. An invitation comes from a person
// of the site, made only after their fresh passkey assertion over who invites whom
// (person-acts.ts), and names the invitee. Either is a random code, used once, expiring; only
// its SHA-256 is stored, so the database alone cannot be used to enrol.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@warrant/authority';
import type { Queryable } from '@warrant/site-server';
import { roleColumn, type PeopleSite } from './people-site.ts';

export type LinkKind = 'setup' | 'invitation';

/** A setup link printed on the console, or minted there, lasts a day. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** An invitation lasts at most three days. */
export const INVITATION_MAX_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** The fragment a link carries its code in: never sent to a server, so no log keeps it. */
export const LINK_FRAGMENT = 'enrol';
const CODE = /^[A-Za-z0-9_-]{43}$/;

export interface EnrolmentLink {
  readonly kind: LinkKind;
  /** The role it enrols its person in, at a site whose people hold roles. */
  readonly role: string | null;
  readonly code: string;
  /** `<origin>/#enrol=<code>`: opened in a browser, the site's sign-in bar offers to enrol. */
  readonly url: string;
  readonly name: string | null;
  readonly expiresAt: string;
}

export interface HeldLink {
  readonly kind: LinkKind;
  readonly role: string | null;
  readonly name: string | null;
  readonly issuedBy: string | null;
  readonly codeHash: string;
}

export function isLinkCode(value: unknown): value is string {
  return typeof value === 'string' && CODE.test(value);
}

export const linkUrl = (site: PeopleSite, code: string): string => `${site.origin}/#${LINK_FRAGMENT}=${code}`;

export async function mintEnrolmentLink(
  via: Queryable,
  site: PeopleSite,
  link: {
    readonly kind: LinkKind;
    readonly name?: string | null;
    /** The role it enrols in (a site whose people hold roles): the first role for a setup link. */
    readonly role?: string | null;
    /** The person who invites; null for the operator. */
    readonly issuedBy: string | null;
    readonly expiresAt: Date;
  },
): Promise<EnrolmentLink> {
  const code = randomBytes(32).toString('base64url');
  const role = site.roles ? (link.role ?? (link.kind === 'setup' ? site.roles.first : null)) : null;
  const values = [sha256Hex(code), link.kind, link.name ?? null, link.issuedBy, link.expiresAt.toISOString()];
  await via.query(
    site.roles
      ? `INSERT INTO ${site.tables.links} (code_hash, kind, name, issued_by, expires_at, role) VALUES ($1, $2, $3, $4, $5, $6)`
      : `INSERT INTO ${site.tables.links} (code_hash, kind, name, issued_by, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    site.roles ? [...values, role] : values,
  );
  return {
    kind: link.kind,
    role,
    code,
    url: linkUrl(site, code),
    name: link.name ?? null,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** The unused, unexpired link a code opens, or null. Reading it claims nothing. */
export async function openLink(via: Queryable, site: PeopleSite, code: string): Promise<HeldLink | null> {
  if (!isLinkCode(code)) return null;
  const [row] = await via.query<{
    kind: LinkKind;
    name: string | null;
    issued_by: string | null;
    code_hash: string;
    role?: string | null;
  }>(
    `SELECT kind, name, issued_by, code_hash${roleColumn(site)} FROM ${site.tables.links} WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [sha256Hex(code)],
  );
  return row
    ? { kind: row.kind, name: row.name, issuedBy: row.issued_by, codeHash: row.code_hash, role: row.role ?? null }
    : null;
}

/** Uses the link up for `personId`: the UPDATE is the claim, so a link enrols one person, once. */
export async function claimLink(
  tx: Queryable,
  site: PeopleSite,
  codeHash: string,
  personId: string,
): Promise<HeldLink | null> {
  const [row] = await tx.query<{ kind: LinkKind; name: string | null; issued_by: string | null; role?: string | null }>(
    `UPDATE ${site.tables.links} SET used_at = now(), used_by = $2 WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING kind, name, issued_by${roleColumn(site)}`,
    [codeHash, personId],
  );
  return row ? { kind: row.kind, name: row.name, issuedBy: row.issued_by, codeHash, role: row.role ?? null } : null;
}

/** How many people are on the site's list now. */
export async function peopleCount(via: Queryable, site: PeopleSite): Promise<number> {
  const [row] = await via.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${site.tables.people} WHERE removed_at IS NULL`,
  );
  return row?.n ?? 0;
}
