import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { politiqueDeConfidentialite } from '@/content/legal/politique-de-confidentialite';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: politiqueDeConfidentialite.meta.title,
  description: politiqueDeConfidentialite.meta.description,
  path: paths.privacy,
});

export default function PolitiqueDeConfidentialitePage() {
  return <LegalPage content={politiqueDeConfidentialite} />;
}
