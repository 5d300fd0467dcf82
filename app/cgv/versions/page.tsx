import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { CgvVersionList } from '@/components/legal/cgv-version-list';
import { cgvVersionsPage } from '@/content/legal/cgv-version';

export const metadata: Metadata = pageMetadata({
  title: cgvVersionsPage.meta.title,
  description: cgvVersionsPage.meta.description,
  path: cgvVersionsPage.path,
});

export default function CgvVersionsPage() {
  return <CgvVersionList />;
}
