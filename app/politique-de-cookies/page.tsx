import type { Metadata } from 'next';
import { LegalPage } from '@/components/legal/legal-page';
import { politiqueDeCookies } from '@/content/legal/politique-de-cookies';

export const metadata: Metadata = {
  title: politiqueDeCookies.meta.title,
  description: politiqueDeCookies.meta.description,
  alternates: { canonical: '/politique-de-cookies/' },
};

export default function PolitiqueDeCookiesPage() {
  return <LegalPage content={politiqueDeCookies} />;
}
