import type { Metadata } from 'next';
import { PageBanner } from '@/components/ui/page-banner';

export const metadata: Metadata = {
  title: 'Politique de confidentialité',
  alternates: { canonical: '/politique-de-confidentialite/' },
};

export default function Page() {
  return <PageBanner title="Politique de confidentialité" text="Comment nous traitons vos données personnelles." />;
}
