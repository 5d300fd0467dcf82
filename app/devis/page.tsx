import type { Metadata } from 'next';
import { PageBanner } from '@/components/ui/page-banner';

export const metadata: Metadata = {
  title: 'Demande de devis gratuit',
  alternates: { canonical: '/devis/' },
};

export default function Page() {
  return <PageBanner title="Demande de devis gratuit" text="Décrivez votre projet : nous vous répondons sous 24 h avec un devis gratuit." />;
}
