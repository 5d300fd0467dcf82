import { formatPrice, withoutProtocol, type DevisWithdrawalForm } from '../facts';
import { COMPANY, type CompanyFacts } from '../requests/devis/mentions';
import type { ContractWay, DevisClient, DevisLine, DevisTotals } from '../requests/devis/types';

/**
 * Everything a devis's PDF shows, as plain data: the caller (sending a devis, the inbox's preview, the
 * client's page) builds it from the rules and the store, and the PDF only draws it. It is serialisable as
 * JSON, so a sent version can be frozen with it; days are ISO days ("2026-11-21"), amounts integer cents.
 */
export interface DevisDocument {
  company: DevisCompany;
  client: DevisClient;
  /** The devis's number, sequential without gaps ("D-2026-0042"). */
  number: string;
  /** 1 for the first version sent; a change after sending makes the next. */
  version: number;
  /** The devis's date, an ISO day: it is also the PDF's creation date, so the same document gives the same bytes. */
  date: string;
  /** The last day the offer stands, an ISO day. */
  validUntil: string;
  /** How the contract is made: the withdrawal section follows from it. */
  contractWay: ContractWay;
  /** « Intervention urgente demandée par le client ». */
  urgent: boolean;
  /** What the job is (the service asked for) and, if any, the request's description, as the team wrote them. */
  subject: string;
  description?: string;
  lines: DevisLine[];
  totals: DevisTotals;
  /** « À réception de facture, par virement ou chèque », as the team wrote it. */
  paymentTerms: string;
  /** The deposit asked for at acceptance, if any, including VAT. */
  depositCents?: number;
  /** When the deposit may be paid, where the law delays it (off premises: « payable au plus tôt le 8e jour… »). */
  depositCondition?: string;
  /**
   * When the work is expected to start (an ISO day, or the team's words: « semaine du 7 décembre ») and how
   * long it lasts (« 2 jours »), if known.
   */
  expectedStart?: string;
  expectedDuration?: string;
  /** Every mention the law asks for, in the order shown: each a title and its paragraphs. */
  mentions: DevisMention[];
  /** The withdrawal information, or null where no withdrawal period applies. */
  withdrawal: DevisWithdrawal | null;
  /**
   * The model withdrawal form (annexe to R. 221-1), attached on its own page, or null: it names the company
   * as the devis does (its facts frozen at sending).
   */
  withdrawalForm: DevisWithdrawalForm | null;
  /** The version that replaced this one, if any: the PDF says so at the top. */
  replacedBy?: number;
  /** A demonstration devis (FrozenDevis.demonstration): stamped as such on every page, with a banner saying it is no offer. */
  demonstration?: true;
}

export interface DevisMention {
  title: string;
  paragraphs: string[];
}

export interface DevisWithdrawal {
  title: string;
  paragraphs: string[];
}

/** The company's identity at the top of the devis and in every page's footer (C. com. R. 123-237). */
export interface DevisCompany {
  name: string;
  legalName: string;
  /** « SARL au capital de 20 000 € ». */
  legalForm: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  siret: string;
  /** « 812 345 676 RCS Antibes ». */
  rcs: string;
  vatNumber: string;
}

/**
 * The company block from the company's facts (requests/devis/mentions.ts CompanyFacts: content/site.ts's
 * today, or those frozen into a sent version): the one source of the identity on a devis and its proof.
 */
export function companyFromFacts(company: CompanyFacts = COMPANY): DevisCompany {
  const site = company.site;
  return {
    name: site.name,
    legalName: site.legalName,
    legalForm: `${site.legalForm} au capital de ${formatPrice(site.capital)}`,
    address: `${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
    phone: site.phone,
    email: site.email,
    website: withoutProtocol(company.siteUrl),
    siret: site.siret,
    rcs: site.rcs,
    vatNumber: site.vatNumber,
  };
}
