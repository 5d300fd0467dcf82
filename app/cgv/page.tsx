import type { Metadata } from 'next';
import { LegalPage } from '@/components/legal/legal-page';
import { cgv } from '@/content/legal/cgv';

export const metadata: Metadata = {
  title: cgv.meta.title,
  description: cgv.meta.description,
  alternates: { canonical: '/cgv/' },
};

export default function CgvPage() {
  return <LegalPage content={cgv} />;
}
