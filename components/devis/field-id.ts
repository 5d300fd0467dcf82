/** The id of a form control, from its name (`devis-email`): its label and hint refer to it. */
export function fieldId(name: string): string {
  return `devis-${name}`;
}
