import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { mentionsLegales } from '@/content/legal/mentions-legales';

export const metadata: Metadata = pageMetadata({ ...mentionsLegales.meta, path: mentionsLegales.path });

export default function MentionsLegalesPage() {
  return <LegalPage content={mentionsLegales} />;
}
