import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';
import { site } from './site';

export const contact = typeset({
  meta: {
    title: 'Contact',
    description: `Contactez ${site.name} à Antibes : téléphone, e-mail, adresse, horaires d’ouverture, accès et zone d’intervention en région PACA.`,
  },
  intro: {
    title: 'Contactez-nous',
    text: 'Une question, un besoin d’intervention ou un projet ? Appelez-nous, écrivez-nous ou passez nous voir.',
  },
  coordinates: {
    title: 'Nos coordonnées',
    address: 'Adresse',
    phone: 'Téléphone',
    email: 'E-mail',
    mapLink: 'Voir sur Google Maps',
  },
  hours: { title: 'Horaires d’ouverture', emergencyTitle: 'Urgences' },
  legal: { title: 'Informations légales' },
  access: {
    title: 'Accès et stationnement',
    items: [
      'À 5 minutes en voiture de la gare SNCF d’Antibes et du centre-ville.',
      'Accès rapide depuis l’A8, sortie 44 Antibes.',
      'Lignes de bus Envibus à proximité.',
      'Stationnement gratuit devant nos locaux ; accès aux personnes à mobilité réduite.',
    ],
  },
  zone: {
    title: 'Zone d’intervention',
    text: 'Nous intervenons à Antibes et dans toute la région PACA, notamment :',
  },
  map: { title: 'Plan d’accès' },
  cta: {
    title: 'Besoin d’un devis ?',
    text: `Décrivez votre projet en ligne : ${responsePromise.text}.`,
    button: 'Demander un devis gratuit',
  },
});
