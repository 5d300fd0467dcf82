import { contact } from '@/content/contact';
import { InfoCard } from './info-card';

export function Access() {
  return (
    <InfoCard id="acces" title={contact.access.title} icon="car">
      <ul className="list-disc space-y-2 pl-5">
        {contact.access.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </InfoCard>
  );
}
