import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { cgvVersions, datedCgv } from '@/content/legal/cgv-version';

type Params = { params: Promise<{ date: string }> };

/** One page per version of the CGV, kept word for word at a lasting address. */
export const dynamicParams = false;

export function generateStaticParams() {
  return cgvVersions.map((version) => ({ date: version.date }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const content = datedCgv((await params).date);
  if (!content) return {};
  return { ...pageMetadata({ ...content.meta, path: content.path }), robots: { index: false } };
}

export default async function DatedCgvPage({ params }: Params) {
  const content = datedCgv((await params).date);
  if (!content) notFound();
  return <LegalPage content={content} />;
}
