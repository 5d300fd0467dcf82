/**
 * A line's unit after its quantity, as the client's page writes it (« 2,5 heures », « 1 forfait », « 3 km »):
 * in French the plural starts at 2, and a symbol (« km », « m² », « h ») never takes it. The PDF keeps the unit
 * in a column of its own, under « Unité », where it stays as typed.
 */
export function unitAfter(quantityMilli: number, unit: string): string {
  const word = unit.trim();
  if (quantityMilli < 2000 || !isPluralisableWord(word)) return word;
  if (/[sxz]$/.test(word)) return word;
  if (/(au|eu)$/.test(word)) return `${word}x`;
  return `${word}s`;
}

/** A single word of letters with a vowel and at least three letters: « heure », « unité », not « km » nor « m² ». */
function isPluralisableWord(word: string): boolean {
  return /^\p{L}{3,}$/u.test(word) && /[aeiouyàâéèêëîïôûùü]/i.test(word);
}
