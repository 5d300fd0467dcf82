import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { mentionsLegales } from '@/content/legal/mentions-legales';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: mentionsLegales.meta.title,
  description: mentionsLegales.meta.description,
  path: paths.legalNotice,
});

export default function MentionsLegalesPage() {
  return <LegalPage content={mentionsLegales} />;
}
