import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { cgv } from '@/content/legal/cgv';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: cgv.meta.title,
  description: cgv.meta.description,
  path: paths.terms,
});

export default function CgvPage() {
  return <LegalPage content={cgv} />;
}
