// Which site a set of people belongs to, and where its database keeps them. One implementation
// serves every site (the desk's dispatchers, each partner's staff); each names its own origin and
// relying-party id (so a passkey made for one site answers nowhere else), its own session cookie
// (so one site's cookie means nothing at another) and its own tables.

/**
 * The tables a site keeps its people in (the README gives their columns). The names are the
 * site's own constants, never input: they are the only text this package writes into SQL.
 */
export interface PeopleTables {
  /** id, name, enrolled_at, enrolled_by (who issued the link they enrolled with; null: the operator), removed_at. */
  readonly people: string;
  /** id (the credential id), <person column>, public_key, counter, transports. */
  readonly credentials: string;
  /** token_hash, <person column>, expires_at. */
  readonly sessions: string;
  /** challenge, purpose, name, user_id, statement, link_hash, expires_at. */
  readonly ceremonies: string;
  /** code_hash, kind, name, issued_by, expires_at, used_at, used_by. */
  readonly links: string;
  /** The column of credentials and sessions that names the person (the desk's is dispatcher_id). */
  readonly personColumn: string;
}

/**
 * A site whose people each hold a role (the clerk's bench: its clerk, chair and members). The first
 * person, enrolled with the operator's setup link, holds `first`, and only a person holding it
 * invites; an invitation names the role its invitee will hold, among `invited`, and the inviter's
 * passkey signs it with the name. The site's people and links tables then have a `role` column.
 */
export interface PeopleRoles {
  readonly first: string;
  readonly invited: readonly string[];
}

export interface PeopleSite {
  /** The site's origin: what every ceremony's client data must name. */
  readonly origin: string;
  /** The WebAuthn relying-party id: the origin's host. */
  readonly rpId: string;
  /** What a passkey manager shows the person ("Warrant dispatch desk"). */
  readonly rpName: string;
  /** The session cookie's name, the site's own (warrant_desk_session, warrant_pantry_staff). */
  readonly cookie: string;
  /** A person's id starts with it (D- for the desk's dispatchers). */
  readonly idPrefix: string;
  /** What a person is called at this site, in refusals ("dispatcher", "staff member"). */
  readonly noun: string;
  readonly tables: PeopleTables;
  /** The roles its people hold, if they hold any. */
  readonly roles?: PeopleRoles;
}

export interface Person {
  readonly id: string;
  readonly name: string;
  /** Their role, at a site whose people hold roles. */
  readonly role?: string;
}

/** The SQL that reads a person's role with their id and name (`alias.` its table's alias), or nothing. */
export const roleColumn = (site: PeopleSite, alias = ''): string => (site.roles ? `, ${alias}role` : '');
