import Fuse from 'fuse.js';
import type { SearchItem } from '../routes/model';

/** SPEC §9: threshold 0.4, title weight 0.7, path weight 0.3. */
export const FUSE_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export function createRouteSearch(items: SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse(items, FUSE_OPTIONS);
  return (query) => fuse.search(query).map((r) => r.item);
}
