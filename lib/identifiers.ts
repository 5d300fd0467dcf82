/**
 * French company identifiers derived from the SIREN (9 digits) and the establishment's NIC (5 digits):
 * the SIRET, the RCS line and the intra-EU VAT number are never typed by hand.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** "812345676" -> "812 345 676". */
export function formatSiren(siren: string): string {
  return digitsOf(siren).replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** SIREN + NIC: "812 345 676 00017". */
export function formatSiret(siren: string, nic: string): string {
  return `${formatSiren(siren)} ${digitsOf(nic)}`;
}

/** "812 345 676 RCS Antibes": the number, then « RCS » and the registry's town, in the order of C. com. R. 123-237. */
export function rcsLine(city: string, siren: string): string {
  return `${formatSiren(siren)} RCS ${city}`;
}

/** The French intra-EU VAT number: "FR" + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97. */
export function vatNumber(siren: string): string {
  const digits = digitsOf(siren);
  const key = (12 + 3 * (Number(digits) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${digits}`;
}

/** The Luhn check that every SIREN and SIRET passes (INSEE). */
export function passesLuhn(number: string): boolean {
  const digits = digitsOf(number);
  if (!digits) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
