import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { politiqueDeCookies } from '@/content/legal/politique-de-cookies';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: politiqueDeCookies.meta.title,
  description: politiqueDeCookies.meta.description,
  path: paths.cookies,
});

export default function PolitiqueDeCookiesPage() {
  return <LegalPage content={politiqueDeCookies} />;
}
