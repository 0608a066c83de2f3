/** A commercial customer as the public pages show it (read at build time by src/server/commercial). */
export interface ShownCustomer {
  id: number;
  name: string;
  website: string | null;
  industry: string;
  /** The year they became a customer, or null. */
  sinceYear: number | null;
  logo: { id: string; width: number; height: number } | null;
}
