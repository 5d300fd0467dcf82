import type { Metadata } from 'next';
import { PageBanner } from '@/components/ui/page-banner';

export const metadata: Metadata = {
  title: 'Conditions générales de vente',
  alternates: { canonical: '/cgv/' },
};

export default function Page() {
  return <PageBanner title="Conditions générales de vente" text="Les conditions applicables à nos prestations." />;
}
