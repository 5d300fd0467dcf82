import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { cgv } from '@/content/legal/cgv';

export const metadata: Metadata = pageMetadata({ ...cgv.meta, path: cgv.path });

export default function CgvPage() {
  return <LegalPage content={cgv} />;
}
