import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  cgvPdfTexts,
  dateOfDay,
  fillTemplate,
  formatFrenchDay,
  siteUrl,
  withoutProtocol,
  type CgvVersionEntry,
  type LegalBlock,
  type LegalInline,
} from '../facts';
import { companyFromFacts, type DevisCompany } from './devis-document';
import { PageNumbers, renderPdfFile } from './pdf-file';
import { colours, Footer, loadFonts, styles } from './pdf-parts';

/**
 * A dated version of the CGV as a PDF, attached to each devis it governs and to its acceptance: its text
 * word for word as the snapshot keeps it (content/legal/cgv-versions/<date>.json), the same text the site's
 * page of that version shows, with the sections numbered as the site numbers them. Its dates are the
 * version's own, so that a version always gives the same bytes.
 */

const cgv = StyleSheet.create({
  item: { flexDirection: 'row', marginBottom: 2 },
  bullet: { width: 10 },
  itemText: { flex: 1, fontSize: 9, lineHeight: 1.35 },
  box: { borderWidth: 0.75, borderColor: colours.brand, padding: 8, marginVertical: 6 },
});

/** An inline part as the PDF writes it: a link or an address by its words, emphasis in bold. */
function InlinePart({ part }: { part: LegalInline }) {
  if (typeof part === 'string') return <>{part}</>;
  if ('strong' in part) return <Text style={styles.strong}>{part.strong}</Text>;
  if ('link' in part) return <>{part.link.label}</>;
  if ('external' in part) return <>{part.external.label}</>;
  if ('email' in part) return <>{part.email}</>;
  return <>{part.phone}</>;
}

function Parts({ parts }: { parts: readonly LegalInline[] }) {
  return (
    <>
      {parts.map((part, index) => (
        <InlinePart key={index} part={part} />
      ))}
    </>
  );
}

function BlockOf({ block }: { block: LegalBlock }) {
  if ('paragraph' in block) {
    return (
      <Text style={styles.paragraph}>
        <Parts parts={block.paragraph} />
      </Text>
    );
  }
  if ('list' in block) {
    return (
      <View style={{ marginBottom: 3 }}>
        {block.list.map((item, index) => (
          <View key={index} style={cgv.item} wrap={false}>
            <Text style={cgv.bullet}>–</Text>
            <Text style={cgv.itemText}>
              <Parts parts={item} />
            </Text>
          </View>
        ))}
      </View>
    );
  }
  if ('definitions' in block) {
    return (
      <View style={{ marginBottom: 3 }}>
        {block.definitions.map((row, index) => (
          <Text key={index} style={styles.paragraph}>
            <Text style={styles.strong}>{row.term}</Text>
            {'\u00a0: '}
            <Parts parts={row.details} />
          </Text>
        ))}
      </View>
    );
  }
  if ('subheading' in block) return <Text style={styles.h3}>{block.subheading}</Text>;
  return (
    <View style={cgv.box} wrap={false}>
      <Text style={styles.h3}>{block.box.title}</Text>
      {block.box.lines.map((line, index) => (
        <Text key={index} style={styles.paragraph}>
          <Parts parts={line} />
        </Text>
      ))}
    </View>
  );
}

export function CgvPdf({
  version,
  company,
  pages,
}: {
  version: CgvVersionEntry;
  company: DevisCompany;
  pages: PageNumbers;
}) {
  const values = { date: formatFrenchDay(version.date), url: withoutProtocol(`${siteUrl}${version.href}`) };
  const title = fillTemplate(cgvPdfTexts.title, values);
  const date = dateOfDay(version.date);
  return (
    <Document
      title={title}
      author={company.legalName}
      creator={company.name}
      producer={company.name}
      language="fr-FR"
      creationDate={date}
      modificationDate={date}
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.h1}>{title}</Text>
        <Text style={[styles.paragraph, styles.muted, { marginTop: 4 }]}>
          {fillTemplate(cgvPdfTexts.intro, values)}
        </Text>
        <Text style={styles.paragraph}>{version.content.intro}</Text>
        {version.content.sections.map((section, index) => (
          <View key={section.id}>
            <Text style={styles.h2} minPresenceAhead={40}>
              {index + 1}. {section.title}
            </Text>
            {section.blocks.map((block, blockIndex) => (
              <BlockOf key={blockIndex} block={block} />
            ))}
          </View>
        ))}
        <Footer company={company} pages={pages} />
      </Page>
    </Document>
  );
}

/** The PDF of a dated version of the CGV. */
export async function renderCgvPdf(version: CgvVersionEntry): Promise<Uint8Array> {
  await loadFonts();
  const pages = new PageNumbers();
  return new Uint8Array(
    await renderPdfFile(<CgvPdf version={version} company={companyFromFacts()} pages={pages} />, pages),
  );
}
