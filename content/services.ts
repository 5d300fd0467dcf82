import { typeset } from '@/lib/typography';
import { decennial } from './legal-facts';
import { photos } from './images';
import { siteData, type SiteData } from './data/values';
import type { Photo } from './types';

export type ServiceId = 'maintenance' | 'installation' | 'conseil';

export type Service = {
  id: ServiceId;
  /** Lucide icon name, mapped in components/ui/icons.tsx. */
  icon: 'wrench' | 'zap' | 'clipboard';
  title: string;
  shortTitle: string;
  summary: string;
  description: string;
  features: readonly string[];
  /** Starting price in euros, excluding tax (content/pricing.ts adds the VAT). */
  priceFrom: number;
  /** What the price is for, when not the whole service: "séance de 2 h" reads "120 € HT par séance de 2 h". */
  per?: string;
  photo: Photo;
};

/**
 * How long one advice session lasts is in the price's « par séance de 2 h » (`per` in
 * content/data/services.json): an example length, to confirm before going live (content/placeholders.ts).
 */
export const sessionLength = { placeholder: !siteData['mise-en-ligne'].sessionLengthConfirmed };

/** What the code keeps of each service: its icon, its photo, and the legal sentence that follows its text. */
const serviceCode: Record<ServiceId, Pick<Service, 'icon' | 'photo'> & { legal?: string }> = {
  maintenance: { icon: 'wrench', photo: photos.maintenance },
  installation: {
    icon: 'zap',
    photo: photos.installation,
    legal: `Les ${decennial.works} relèvent de notre garantie décennale (${decennial.article}).`,
  },
  conseil: { icon: 'clipboard', photo: photos.conseil },
};

/** The services' order on the pages. */
const SERVICE_ORDER = ['maintenance', 'installation', 'conseil'] as const satisfies readonly ServiceId[];

/**
 * The three services from the owner's data (content/data/services.json: texts, features, prices), in the order
 * of the pages. A function of the data, so that the receiver can read published data too (`services` below).
 */
export function servicesOf(data: SiteData): readonly [Service, Service, Service] {
  const service = (id: ServiceId): Service => {
    const { legal, ...code } = serviceCode[id];
    const { per, description, ...texts } = data.services.services[id];
    return {
      id,
      ...code,
      ...texts,
      description: legal ? `${description} ${legal}` : description,
      ...(per.trim() ? { per: per.trim() } : {}),
    };
  };
  const [first, second, third] = SERVICE_ORDER;
  return typeset([service(first), service(second), service(third)]);
}

/** The three services, in the order of the pages, from the committed data. */
export const services = servicesOf(siteData);

/** Towns listed as served (docs/specification.md), then the whole region. */
export const towns: readonly string[] = typeset(siteData.services.towns);

export const wholeRegion = 'Toute la région PACA';
