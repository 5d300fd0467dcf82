import type { Metadata } from 'next';
import { LegalPage } from '@/components/legal/legal-page';
import { politiqueDeConfidentialite } from '@/content/legal/politique-de-confidentialite';

export const metadata: Metadata = {
  title: politiqueDeConfidentialite.meta.title,
  description: politiqueDeConfidentialite.meta.description,
  alternates: { canonical: '/politique-de-confidentialite/' },
};

export default function PolitiqueDeConfidentialitePage() {
  return <LegalPage content={politiqueDeConfidentialite} />;
}
