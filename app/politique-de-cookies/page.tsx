import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { LegalPage } from '@/components/legal/legal-page';
import { politiqueDeCookies } from '@/content/legal/politique-de-cookies';

export const metadata: Metadata = pageMetadata({ ...politiqueDeCookies.meta, path: politiqueDeCookies.path });

export default function PolitiqueDeCookiesPage() {
  return <LegalPage content={politiqueDeCookies} />;
}
