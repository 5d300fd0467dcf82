import { devisProfessionalTexts, fillTemplate, formatSiren, terms } from '../../facts';
import { formatCents, formatRate, vatCents } from './money';
import type { MentionInput } from './mentions';
import type { ClientKind, DevisLine } from './types';

/**
 * The parts of a devis's mentions (mentions.ts) that its client's kind or its lines change: the « Client »
 * mention's lines, the performance's default date, whether the mediator is offered, the travel's price.
 */

/** Whether the consumer mediator is offered (L. 612-1): to consumers; a non-professional has none. */
const MEDIATOR: Record<ClientKind, boolean> = { consumer: true, nonProfessional: false, professional: true };

export function offersMediator(kind: ClientKind): boolean {
  return MEDIATOR[kind];
}

/** The client's line of the « Client » mention, and what it adds for a professional. */
export function clientParagraphs(devis: MentionInput): string[] {
  const client = devis.client;
  switch (client.kind) {
    case 'consumer':
    case 'nonProfessional':
      return [client.name];
    case 'professional': {
      const facts = devis.professional;
      return [
        client.siren ? `${client.name}, SIREN ${formatSiren(client.siren)}` : client.name,
        ...(facts && Number.isSafeInteger(facts.employees)
          ? [
              fillTemplate(devisProfessionalTexts.declared, {
                employees: `${facts.employees} ${facts.employees > 1 ? 'salariés' : 'salarié'}`,
                activity: facts.withinMainActivity
                  ? devisProfessionalTexts.withinActivity
                  : devisProfessionalTexts.outsideActivity,
              }),
            ]
          : []),
      ];
    }
    default:
      throw new Error(`unknown client kind ${JSON.stringify(client.kind satisfies never)}`);
  }
}

/** Without a start date: when the contract is performed, by the client's kind. */
export function scheduleDefault(kind: ClientKind): string[] {
  switch (kind) {
    case 'consumer':
      return [
        `À défaut de date convenue, le contrat est exécuté dans les ${terms.consumerDefaultPerformanceDays} jours qui suivent l’acceptation (article L. 216-1 du Code de la consommation).`,
      ];
    case 'nonProfessional':
      return [
        `À défaut de date convenue, le contrat est exécuté dans les ${terms.consumerDefaultPerformanceDays} jours qui suivent l’acceptation.`,
      ];
    case 'professional':
      return [];
    default:
      throw new Error(`unknown client kind ${JSON.stringify(kind satisfies never)}`);
  }
}

/**
 * The VAT rate the travel beyond the included distance is billed at: the travel line's, if the devis has
 * one; else the works' rate when all lines share one; else none (the mention then gives the price HT only).
 */
function travelVatBp(lines: readonly DevisLine[]): number | undefined {
  const travel = lines.find((line) => line.priceListId === 'travel');
  if (travel) return travel.vatRateBp;
  const rates = new Set(lines.map((line) => line.vatRateBp));
  return rates.size === 1 ? [...rates][0] : undefined;
}

/** The price of the travel beyond the included distance, HT and, when its rate is known, TTC. */
export function travelPrice(lines: readonly DevisLine[], perKmHtCents: number): string {
  const travelBp = travelVatBp(lines);
  const perKm = formatCents(perKmHtCents);
  return travelBp === undefined
    ? `${perKm} HT par kilomètre supplémentaire (aller et retour), majoré de la TVA au taux des travaux`
    : `${perKm} HT par kilomètre supplémentaire (aller et retour), soit ${formatCents(perKmHtCents + vatCents(perKmHtCents, travelBp))} TTC au taux de TVA des travaux (${formatRate(travelBp)})`;
}
