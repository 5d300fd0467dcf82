'use client';

import { useEffect } from 'react';

type ServicePreselectProps = {
  /** The `name` of the form's select whose option the link chooses (content/quote.ts). */
  field: string;
  /** The query parameter that carries the choice (content/quick-actions.ts). */
  param: string;
  /** The values a link may choose: the services' ids (content/services.ts). */
  values: readonly string[];
};

/**
 * Chooses in the quote form the service a « Demander un devis » link carried (/devis/?prestation=installation),
 * once the page is interactive. A value that is not a service, or that the select does not offer, chooses
 * nothing; nor does it override a choice already made. Renders nothing: without JavaScript the link still
 * opens the form, with no service chosen.
 */
export function ServicePreselect({ field, param, values }: ServicePreselectProps) {
  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get(param);
    if (!value || !values.includes(value)) return;
    const select = document.querySelector<HTMLSelectElement>(`form select[name="${CSS.escape(field)}"]`);
    if (!select || select.value !== '' || ![...select.options].some((option) => option.value === value)) return;
    select.value = value;
  }, [field, param, values]);
  return null;
}
