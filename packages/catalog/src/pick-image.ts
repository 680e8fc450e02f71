import type { ImageSet } from './schemas/index.ts';

const SIZES = ['150x150', '480x480', '1000x1000'];

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * The smallest square an image set offers (the popup and the library show small pictures), else
 * any http(s) URL in it; null when the set is missing, empty or holds nothing a page may load.
 */
export function pickImage(images: ImageSet): string | null {
  if (!images) return null;
  for (const size of SIZES) {
    const url = images[size];
    if (typeof url === 'string' && isHttpUrl(url)) return url;
  }
  const any = Object.values(images).find((v): v is string => typeof v === 'string' && isHttpUrl(v));
  return any ?? null;
}
