import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { politiqueDeConfidentialite } from '@/content/legal/politique-de-confidentialite';

export const metadata: Metadata = pageMetadata({
  ...politiqueDeConfidentialite.meta,
  path: politiqueDeConfidentialite.path,
});

export default function PolitiqueDeConfidentialitePage() {
  return <LegalPage content={politiqueDeConfidentialite} />;
}
