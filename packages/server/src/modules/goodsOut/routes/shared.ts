import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context';
import { signingKey } from '../../../platform/signing';
import { docUrl } from '../documents';
import type { DocUrls } from '../sorting';

export const QUERY = 'warehouse:packQuery';
export const PRETRIAL = 'warehouse:packPretrial';
export const REMOVAL = 'warehouse:packagesOutShelves';
export const PACKING = 'warehouse:packing';
export const SORTING = 'warehouse:sortingOutStorage';
export const ABNORMAL = 'warehouse:abnormalPackage';

/** What the stations' routes share: the database, media URLs, and the signed document URLs of a moment. */
export interface StationContext {
  db: FastifyInstance['services']['db'];
  media: (uri: string) => string;
  urlsAt(now: Date): Promise<DocUrls & { label: (no: string) => string; customs: (no: string) => string; media: (uri: string) => string }>;
}

export function stationContext(app: FastifyInstance, ctx: ModuleContext): StationContext {
  const { db } = app.services;
  const media = (uri: string) => ctx.storage.urlOf(uri);
  const urlsAt = async (now: Date) => {
    const key = await signingKey(db);
    const docs: DocUrls & { label: (no: string) => string; customs: (no: string) => string } = {
      label: (no) => docUrl(key, 'package-label', no, now),
      customs: (no) => docUrl(key, 'package-customs', no, now),
      sackLabel: (code) => docUrl(key, 'sack-label', code, now),
      manifestPdf: (no) => docUrl(key, 'manifest-pdf', no, now),
      manifestXlsx: (no) => docUrl(key, 'manifest-xlsx', no, now),
    };
    return { ...docs, media };
  };
  return { db, media, urlsAt };
}
