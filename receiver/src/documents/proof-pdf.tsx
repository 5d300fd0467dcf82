import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatFrenchDateTime, formatFrenchDay, NBSP, proofTexts } from '../facts';
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
  /** A professional client's signer: their capacity. */
  signerCapacity?: string;
  /** The e-mail address the code was sent to. */
  codeSentTo: string;
  /** The « Code envoyé » step the confirmation matched: its time, address and browser. */
  codeMatched?: { at: string; address: string; browser: string };
  /** The early-start choice, where the devis offered it (absent otherwise). */
  earlyStart?: boolean;
  /** Every box of the acceptance form, its words as the client read them and its answer (older records: none). */
  boxes: { text: string; checked: boolean }[];
  /** The date (ISO) of the CGV version that governs the devis. */
  cgvDate: string;
  events: ProofEvent[];
}

export interface ProofEvent {
  /** What happened, as the team reads it: « Devis envoyé », « Code confirmé », « Devis accepté »… */
  label: string;
  /** When, an ISO instant ("2026-11-21T08:30:12.345Z"). */
  at: string;
  /** The address the request came from (IPv4 or IPv6), or empty for an event of the team's (never shown). */
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

/** « Code confirmé : celui envoyé le 21 novembre 2026 à 9 h 30 (…Z), depuis 203.0.113.7, navigateur … ». */
function CodeMatched({ matched }: { matched: { at: string; address: string; browser: string } }) {
  const date = new Date(matched.at);
  const exact = date.toISOString().replace(/\.\d+Z$/, 'Z');
  const from = [clean(matched.address), clean(matched.browser)].filter((part) => part !== '').join(', ');
  return (
    <Text style={styles.paragraph}>
      {`${proofTexts.codeMatched} ${formatFrenchDateTime(date)} (${exact})${from ? `, ${from}` : ''}`}
    </Text>
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
        {doc.signerCapacity ? (
          <Text style={styles.paragraph}>{`${proofTexts.capacity}${NBSP}: ${clean(doc.signerCapacity)}`}</Text>
        ) : null}
        <Text style={styles.paragraph}>{`${proofTexts.codeSentTo}${NBSP}: ${clean(doc.codeSentTo)}`}</Text>
        {doc.codeMatched ? <CodeMatched matched={doc.codeMatched} /> : null}
        {doc.earlyStart === undefined ? null : (
          <Text style={styles.paragraph}>
            {`${proofTexts.earlyStart}${NBSP}: ${doc.earlyStart ? proofTexts.earlyStartAnswers.asked : proofTexts.earlyStartAnswers.notAsked}`}
          </Text>
        )}
        <Text style={styles.paragraph}>{`${proofTexts.cgv} ${formatFrenchDay(doc.cgvDate)}`}</Text>

        {doc.boxes.length > 0 ? (
          <>
            <Text style={styles.h2}>{proofTexts.boxes}</Text>
            {doc.boxes.map((box, index) => (
              <Text key={index} style={styles.paragraph} wrap={false}>
                {`«${NBSP}${clean(box.text)}${NBSP}»${NBSP}: ${box.checked ? proofTexts.boxAnswers.checked : proofTexts.boxAnswers.unchecked}`}
              </Text>
            ))}
          </>
        ) : null}

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

        <Text style={styles.muted}>{proofTexts.teamSteps}</Text>

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
