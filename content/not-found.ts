import { typeset } from '@/lib/typography';

export const notFound = typeset({
  title: 'Page introuvable',
  text: 'La page que vous cherchez n’existe pas ou a été déplacée. Revenez à l’accueil ou contactez-nous.',
  home: 'Retour à l’accueil',
  contact: 'Nous contacter',
});
