/** A write the site's server refused at its door (no authorization, a forged or spent one): nothing changed. */
export interface DoorRefusal {
  readonly at: string;
  readonly tool: string;
  readonly code: string;
  readonly reason: string;
  readonly request: string | null;
  readonly channel: string;
}
