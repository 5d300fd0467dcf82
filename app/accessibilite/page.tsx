import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { accessibilite } from '@/content/legal/accessibilite';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: accessibilite.meta.title,
  description: accessibilite.meta.description,
  path: paths.accessibility,
});

export default function AccessibilitePage() {
  return <LegalPage content={accessibilite} />;
}
