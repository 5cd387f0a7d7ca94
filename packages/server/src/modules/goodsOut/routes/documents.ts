import type { FastifyInstance } from 'fastify';
import { DocQuery } from '@waystation/shared/contract/goodsOut/sorting';
import { type DocKind, GOODS_OUT_DOCS, renderManifestPdf, renderManifestXlsx, renderPackageLabel, renderSackLabel } from '../documents';
import { type RenderedDoc, signedDocumentRoute } from '../../../platform/documents';
import { XLSX_TYPE } from '../../../platform/excel';
import { manifestData, packageLabelData, sackLabelData } from '../queries';
import type { StationContext } from './shared';

/** Signed documents for the print driver: package and sack labels, manifests. */
export function documentRoutes(app: FastifyInstance, { db }: StationContext): void {
  const doc = (kind: DocKind, render: (id: string) => Promise<RenderedDoc>) => signedDocumentRoute(app, db, GOODS_OUT_DOCS[kind], DocQuery, render);
  doc('package-label', async (no) => ({ body: await renderPackageLabel(await packageLabelData(db, no)), type: 'application/pdf', name: `${no}.pdf` }));
  doc('sack-label', async (code) => ({ body: await renderSackLabel(await sackLabelData(db, code)), type: 'application/pdf', name: `${code}.pdf` }));
  doc('manifest-pdf', async (no) => ({ body: await renderManifestPdf(await manifestData(db, no)), type: 'application/pdf', name: `${no}.pdf` }));
  doc('manifest-xlsx', async (no) => ({ body: await renderManifestXlsx(await manifestData(db, no)), type: XLSX_TYPE, name: `${no}.xlsx` }));
}
