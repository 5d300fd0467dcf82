import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatFrenchDateTime, NBSP, proofTexts } from '../facts';
import type { DevisCompany } from './devis-document';
import { PageNumbers, renderPdfFile } from './pdf-file';
import { clean, colours, Footer, loadFonts, styles, tableStyles } from './pdf-parts';

/**
 * The page of proof sent with an accepted devis, as plain data: the caller reads the devis's events from
 * the store and passes them in, in the order they happened.
 */
export interface ProofDocument {
  company: DevisCompany;
  /** The accepted devis's number and version. */
  number: string;
  version: number;
  /** The SHA-256 of the accepted devis's PDF, 64 hexadecimal digits. */
  documentSha256: string;
  /** The name the client typed when accepting. */
  signerName: string;
  events: ProofEvent[];
}

export interface ProofEvent {
  /** What happened, as the team reads it: « Devis envoyé », « Code confirmé », « Devis accepté »… */
  label: string;
  /** When, an ISO instant ("2026-11-21T08:30:12.345Z"). */
  at: string;
  /** The address the request came from (IPv4 or IPv6), or empty for an event of the team's. */
  address: string;
  /** The browser's User-Agent, as it sent it. */
  browser: string;
}

const columns = { event: 95, at: 125, address: 95, browser: 200 } as const;

const proof = StyleSheet.create({
  hash: { fontSize: 10, fontWeight: 700, color: colours.brandDark, marginVertical: 4 },
  ...tableStyles,
  small: { fontSize: 7.5, color: colours.muted },
});

/** « 21 novembre 2026 à 9 h 30 », then the exact instant in UTC to the second. */
function EventTime({ at }: { at: string }) {
  const date = new Date(at);
  return (
    <View style={[proof.cell, { width: columns.at }]}>
      <Text>{formatFrenchDateTime(date)}</Text>
      <Text style={proof.small}>{date.toISOString().replace(/\.\d+Z$/, 'Z')}</Text>
    </View>
  );
}

export function ProofPdf({ doc, pages }: { doc: ProofDocument; pages: PageNumbers }) {
  const title = `${proofTexts.title} du devis n°${NBSP}${clean(doc.number)}, version ${doc.version}`;
  const last = doc.events.at(-1);
  const date = last ? new Date(last.at) : undefined;
  const hash = doc.documentSha256.toLowerCase();
  return (
    <Document
      title={title}
      author={doc.company.legalName}
      creator={doc.company.name}
      producer={doc.company.name}
      language="fr-FR"
      creationDate={date}
      modificationDate={date}
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.h1}>{title}</Text>
        <Text style={[styles.paragraph, { marginTop: 6 }]}>{proofTexts.intro}</Text>

        <Text style={styles.h2}>{proofTexts.signer}</Text>
        <Text style={styles.strong}>{clean(doc.signerName)}</Text>

        <Text style={styles.h2}>{proofTexts.hash}</Text>
        {/* Two halves of 32 digits, each on its line: never cut or hyphenated. */}
        <Text style={proof.hash}>{hash.slice(0, 32)}</Text>
        <Text style={[proof.hash, { marginTop: 0 }]}>{hash.slice(32)}</Text>
        <Text style={styles.muted}>{proofTexts.hashHelp}</Text>

        <Text style={styles.h2}>Étapes</Text>
        <View style={proof.header} fixed>
          <Text style={[proof.cell, { width: columns.event }]}>{proofTexts.columns.event}</Text>
          <Text style={[proof.cell, { width: columns.at }]}>{proofTexts.columns.at}</Text>
          <Text style={[proof.cell, { width: columns.address }]}>{proofTexts.columns.address}</Text>
          <Text style={[proof.cell, { width: columns.browser }]}>{proofTexts.columns.browser}</Text>
        </View>
        {doc.events.map((event, index) => (
          <View key={index} style={proof.row} wrap={false}>
            <Text style={[proof.cell, { width: columns.event }]}>{clean(event.label)}</Text>
            <EventTime at={event.at} />
            <Text style={[proof.cell, { width: columns.address }]}>{clean(event.address) || '–'}</Text>
            <Text style={[proof.cell, proof.small, { width: columns.browser }]}>{clean(event.browser) || '–'}</Text>
          </View>
        ))}

        <Text style={[styles.paragraph, { marginTop: 12 }]}>{proofTexts.signature}</Text>
        <Footer company={doc.company} pages={pages} />
      </Page>
    </Document>
  );
}

/** The page of proof as PDF; its creation date is the last event's, so the same record gives the same bytes. */
export async function renderProofPdf(doc: ProofDocument): Promise<Uint8Array> {
  await loadFonts();
  const pages = new PageNumbers();
  return new Uint8Array(await renderPdfFile(<ProofPdf doc={doc} pages={pages} />, pages));
}
