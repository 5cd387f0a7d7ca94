import type { FastifyInstance } from 'fastify';
import { DocQuery } from '@waystation/shared/contract/goodsOut/sorting';
import { type DocKind, GOODS_OUT_DOCS, renderManifestPdf, renderManifestXlsx, renderPackageLabel, renderSackLabel } from '../documents';
import { type RenderedDoc, signedDocumentRoute } from '../../../platform/documents';
import { XLSX_TYPE } from '../../../platform/excel';
import { manifestData, packageLabelData, sackLabelData } from '../queries';
import { declarationsOfPackages } from '../customs';
import { carrierLabelOf } from '../carriers/booking';
import type { StationContext } from './shared';

/** Signed documents for the print driver: package and sack labels, manifests. */
export function documentRoutes(app: FastifyInstance, { db }: StationContext): void {
  const doc = (kind: DocKind, render: (id: string) => Promise<RenderedDoc>) => signedDocumentRoute(app, db, GOODS_OUT_DOCS[kind], DocQuery, render);
  // The carrier's label when the package is booked with its forwarder's carrier (issue #33.2), else our own.
  doc('package-label', async (no) => ({
    body: (await carrierLabelOf(db, no)) ?? (await renderPackageLabel(await packageLabelData(db, no))),
    type: 'application/pdf',
    name: `${no}.pdf`,
  }));
  doc('sack-label', async (code) => ({ body: await renderSackLabel(await sackLabelData(db, code)), type: 'application/pdf', name: `${code}.pdf` }));
  // The manifest carries each package's customs declaration (issue #33).
  const manifest = async (no: string) => {
    const m = await manifestData(db, no);
    return {
      ...m,
      declarations: await declarationsOfPackages(
        db,
        m.lines.map((l) => l.packageNo),
      ),
    };
  };
  doc('manifest-pdf', async (no) => ({ body: await renderManifestPdf(await manifest(no)), type: 'application/pdf', name: `${no}.pdf` }));
  doc('manifest-xlsx', async (no) => ({ body: await renderManifestXlsx(await manifest(no)), type: XLSX_TYPE, name: `${no}.xlsx` }));
}
