/** Links inside legal texts: brand colour and always underlined, so they stand out without colour alone. */
export const legalLinkClasses =
  'rounded-sm font-medium text-brand-700 underline decoration-1 underline-offset-2 hover:text-brand-900 hover:decoration-2';
