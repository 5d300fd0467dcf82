import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { dateOfDay, formatFrenchDay, formatSiren, frenchTypography, NBSP, type DevisWithdrawalForm } from '../facts';
import { formatCents } from '../requests/devis/money';
import { type ContractWay } from '../requests/devis/types';
import type { DevisDocument } from './devis-document';
import { PageNumbers, renderPdfFile } from './pdf-file';
import { LinesTable, Totals } from './devis-pdf-table';
import { clean, colours, DemonstrationStamp, Footer, Lines, loadFonts, styles } from './pdf-parts';

/** How the devis names the way the contract is made. */
export const CONTRACT_WAY_LABELS: Record<ContractWay, string> = {
  distance: 'Contrat conclu à distance (devis accepté en ligne)',
  'hors-etablissement': 'Contrat conclu hors établissement (chez vous ou ailleurs que dans nos locaux)',
  etablissement: 'Contrat conclu dans nos locaux',
};

const layout = StyleSheet.create({
  top: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 14 },
  company: { width: 270 },
  heading: { width: 220, textAlign: 'right' },
  parties: { flexDirection: 'row', gap: 15, marginBottom: 6 },
  party: { flex: 1, padding: 8, backgroundColor: colours.brandLight },
  label: { fontSize: 7.5, textTransform: 'uppercase', color: colours.muted, marginBottom: 2 },
  formBox: { borderWidth: 1, borderColor: colours.brand, padding: 14, marginTop: 10 },
  formField: { marginTop: 14, paddingBottom: 14, borderBottomWidth: 0.5, borderBottomColor: colours.muted },
});

function Conditions({ doc }: { doc: DevisDocument }) {
  const rows: [string, string][] = [
    ['Validité de l’offre', `jusqu’au ${formatFrenchDay(doc.validUntil)} inclus`],
    ['Conditions de paiement', clean(doc.paymentTerms)],
  ];
  // « Acompte », not « à la commande »: off premises it is payable from the eighth day only, said here as in
  // the « Paiement » mention.
  if (doc.depositCents !== undefined) {
    const amount = `${formatCents(doc.depositCents)} TTC`;
    rows.push(['Acompte', doc.depositCondition ? `${amount}, ${doc.depositCondition}` : amount]);
  }
  if (doc.expectedStart) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(doc.expectedStart);
    rows.push(['Début prévu des travaux', day ? formatFrenchDay(doc.expectedStart) : clean(doc.expectedStart)]);
  }
  if (doc.expectedDuration) rows.push(['Durée prévue', clean(doc.expectedDuration)]);
  return (
    <View wrap={false}>
      <Text style={styles.h2}>Conditions</Text>
      {rows.map(([label, value]) => (
        <Text key={label} style={styles.paragraph}>
          <Text style={styles.strong}>
            {label}
            {NBSP}:{' '}
          </Text>
          {value}
        </Text>
      ))}
    </View>
  );
}

function WithdrawalFormPage({
  doc,
  withdrawalForm,
  pages,
}: {
  doc: DevisDocument;
  withdrawalForm: DevisWithdrawalForm;
  pages: PageNumbers;
}) {
  return (
    <Page size="A4" style={styles.page}>
      {doc.demonstration && <DemonstrationStamp />}
      <Text style={styles.h1}>{withdrawalForm.title}</Text>
      <Text style={[styles.muted, { marginTop: 4 }]}>
        Annexe au devis n°{NBSP}
        {clean(doc.number)}, version {doc.version}
      </Text>
      <View style={layout.formBox}>
        <Text style={[styles.paragraph, { fontStyle: 'italic' }]}>{withdrawalForm.intro}</Text>
        <Text style={styles.paragraph}>{withdrawalForm.addressee}</Text>
        {withdrawalForm.fields.map((field) => (
          <Text key={field} style={layout.formField}>
            {field}
          </Text>
        ))}
        <Text style={[styles.muted, { marginTop: 10 }]}>{withdrawalForm.footnote}</Text>
      </View>
      <Footer company={doc.company} pages={pages} />
    </Page>
  );
}

/** The devis as a react-pdf document: one flow of A4 pages, then the model withdrawal form if asked. */
export function DevisPdf({ doc, pages }: { doc: DevisDocument; pages: PageNumbers }) {
  const { company, client } = doc;
  const title = `Devis n°${NBSP}${clean(doc.number)}`;
  const date = dateOfDay(doc.date);
  return (
    <Document
      title={`${title}, version ${doc.version}`}
      author={company.legalName}
      subject={clean(doc.subject)}
      creator={company.name}
      producer={company.name}
      language="fr-FR"
      creationDate={date}
      modificationDate={date}
    >
      <Page size="A4" style={styles.page}>
        {doc.demonstration && <DemonstrationStamp notice />}
        {doc.replacedBy !== undefined && (
          <Text style={styles.banner}>
            Cette version est remplacée par la version {doc.replacedBy}
            {NBSP}: elle ne peut plus être acceptée.
          </Text>
        )}
        <View style={layout.top}>
          <View style={layout.company}>
            <Text style={styles.h1}>{company.name}</Text>
            {/* The lines of a block in one text: fewer blocks to lay out, the same lines. */}
            <Text>
              {company.address}
              {'\n'}
              {company.phone} · {company.email}
              {'\n'}
              {company.website}
            </Text>
          </View>
          <View style={layout.heading}>
            <Text style={styles.h1}>{title}</Text>
            <Text>
              Version {doc.version}
              {'\n'}
              Date{NBSP}: {formatFrenchDay(doc.date)}
              {'\n'}
              Valable jusqu’au {formatFrenchDay(doc.validUntil)}
            </Text>
          </View>
        </View>

        <View style={layout.parties}>
          <View style={layout.party}>
            <Text style={layout.label}>Client</Text>
            <Text>
              <Text style={styles.strong}>{clean(client.name)}</Text>
              {client.kind === 'professional' &&
                client.siren &&
                `\nSIREN${NBSP}${frenchTypography(formatSiren(clean(client.siren)))}`}
              {'\n'}
              {clean(client.email)}
              {'\n'}
              {clean(client.phone)}
            </Text>
          </View>
          <View style={layout.party}>
            <Text style={layout.label}>Lieu d’intervention</Text>
            <Lines text={client.jobAddress} />
          </View>
        </View>

        <Text style={styles.h2}>Objet</Text>
        <Text style={styles.strong}>{clean(doc.subject)}</Text>
        {doc.description && <Lines text={doc.description} style={styles.paragraph} />}
        <Text style={styles.muted}>{CONTRACT_WAY_LABELS[doc.contractWay]}</Text>
        {doc.urgent && <Text style={styles.muted}>Intervention urgente, à votre demande</Text>}

        <Text style={styles.h2}>Détail</Text>
        <LinesTable doc={doc} />
        <Totals doc={doc} />

        <Conditions doc={doc} />

        <Text style={styles.h2}>Mentions</Text>
        {doc.mentions.map((mention) => (
          <View key={mention.title} wrap={false}>
            <Text style={styles.h3}>{mention.title}</Text>
            {mention.paragraphs.map((paragraph, index) => (
              <Text key={index} style={styles.paragraph}>
                {paragraph}
              </Text>
            ))}
          </View>
        ))}

        {doc.withdrawal && (
          <View>
            <Text style={styles.h2}>{doc.withdrawal.title}</Text>
            {doc.withdrawal.paragraphs.map((paragraph, index) => (
              <Text key={index} style={styles.paragraph}>
                {paragraph}
              </Text>
            ))}
          </View>
        )}
        <Footer company={company} pages={pages} />
      </Page>
      {doc.withdrawalForm && <WithdrawalFormPage doc={doc} withdrawalForm={doc.withdrawalForm} pages={pages} />}
    </Document>
  );
}

/**
 * The devis's PDF. The same document gives the same bytes: the creation date is the devis's date, and
 * nothing else in the file depends on the clock.
 */
export async function renderDevisPdf(doc: DevisDocument): Promise<Uint8Array> {
  await loadFonts();
  const pages = new PageNumbers();
  return new Uint8Array(await renderPdfFile(<DevisPdf doc={doc} pages={pages} />, pages));
}
