import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { accessibilite } from '@/content/legal/accessibilite';

export const metadata: Metadata = pageMetadata({ ...accessibilite.meta, path: accessibilite.path });

export default function AccessibilitePage() {
  return <LegalPage content={accessibilite} />;
}
