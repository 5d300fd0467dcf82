import type { Metadata } from 'next';
import { LegalPage } from '@/components/legal/legal-page';
import { mentionsLegales } from '@/content/legal/mentions-legales';

export const metadata: Metadata = {
  title: mentionsLegales.meta.title,
  description: mentionsLegales.meta.description,
  alternates: { canonical: '/mentions-legales/' },
};

export default function MentionsLegalesPage() {
  return <LegalPage content={mentionsLegales} />;
}
