import type { Metadata } from 'next';
import { PageBanner } from '@/components/ui/page-banner';

export const metadata: Metadata = {
  title: 'Mentions légales',
  alternates: { canonical: '/mentions-legales/' },
};

export default function Page() {
  return <PageBanner title="Mentions légales" text="Informations légales relatives au site." />;
}
