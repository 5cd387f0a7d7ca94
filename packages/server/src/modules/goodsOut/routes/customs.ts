import type { FastifyInstance } from 'fastify';
import { CustomsDocQuery, warehousePackageDeclarationCall, warehousePackageDeclarationSaveCall } from '@waystation/shared/contract/goodsOut/customs';
import { api } from '../../../core/http';
import { signedDocumentRoute } from '../../../platform/documents';
import { declarationOf, packageIdOf, saveDeclaration } from '../customs';
import { customsPapersOf, renderCustomsPdf } from '../customsDocs';
import { GOODS_OUT_DOCS } from '../documents';
import { type StationContext, ABNORMAL, PACKING, PRETRIAL, QUERY, SORTING } from './shared';

/** Customs declarations (issue #33): read and corrected at 打包称重 and on 包裹详情; the CN22/CN23 and invoice PDF. */
export function customsRoutes(app: FastifyInstance, { db, urlsAt }: StationContext): void {
  api(app, warehousePackageDeclarationCall, {
    permission: [QUERY, PRETRIAL, PACKING, SORTING, ABNORMAL],
    summary: 'A package’s customs declaration: its lines, total, the form it needs (CN22/CN23) and the signed PDF address',
    handler: async ({ query, now }) => declarationOf(db, await packageIdOf(db, query.packageNo), (await urlsAt(now)).customs(query.packageNo)),
  });
  api(app, warehousePackageDeclarationSaveCall, {
    permission: [QUERY, PACKING],
    summary: 'Correct a package’s customs declaration (modify_package_attr): checked against the channel’s limits',
    verify: 'modify_package_attr',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => saveDeclaration(db, body, { actor, now }),
  });
  signedDocumentRoute(app, db, GOODS_OUT_DOCS['package-customs'], CustomsDocQuery, async (packageNo) => ({
    body: await renderCustomsPdf(await customsPapersOf(db, packageNo, app.services.now())),
    type: 'application/pdf',
    name: `${packageNo}-customs.pdf`,
  }));
}
