/** @socialgouv/jours-feries ships no types: its one export, as its README describes it. */
declare module '@socialgouv/jours-feries' {
  /**
   * The French public holidays of `year`, by name, each at midnight in the process's time zone (11 in
   * metropolitan France; `alsace: true` adds Good Friday and St Stephen's Day, for Alsace-Moselle).
   */
  export default function joursFeries(year: number, options?: { alsace?: boolean }): Record<string, Date>;
}
