export const PHOTO_CDN = 'https://images.unsplash.com';

export function photoUrl(id: string): string {
  return `${PHOTO_CDN}/photo-${id}`;
}
