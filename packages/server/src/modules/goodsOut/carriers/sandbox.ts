import { randomInt } from 'node:crypto';
import { code128, MM, newPdf } from '../../../platform/pdf';
import type { Carrier, CarrierAccount, CarrierPackage } from './index';
import { CarrierError } from './index';

/**
 * The demo carrier (演示承运商): books and cancels without calling anybody, so a fresh demo shows issue #33 end to end
 * without the internet or a carrier's key. Its tracking numbers are WSB + 9 digits + CN; the tracking job moves its
 * parcels one step a run (sandboxTracking.ts). It exists only where the server allows it (demo mode or
 * CARRIER_SANDBOX=1): a database restored from a demo into production must not book fake shipments.
 */

export const SANDBOX_CARRIER = 'sandbox';
export const SANDBOX_LABEL = '演示承运商';
/** Why a forwarder cannot be saved with, or book through, the demo carrier on this server. */
export const SANDBOX_OFF = '演示承运商只在演示模式（或 CARRIER_SANDBOX=1）下可用';

const newTrackingNo = () => `WSB${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}CN`;

/** The demo carrier's label, 100 × 150 mm in the style of our own: it says plainly that it is a demo. */
async function renderSandboxLabel(account: CarrierAccount, p: CarrierPackage, trackingNo: string): Promise<Buffer> {
  const { doc, done } = await newPdf([100, 150], `Demo label ${trackingNo}`);
  const W = 100 * MM;
  const x = 5 * MM;
  const inner = W - 10 * MM;
  const rule = (y: number, width = 0.6) =>
    doc
      .moveTo(x, y * MM)
      .lineTo(W - x, y * MM)
      .lineWidth(width)
      .stroke();
  doc
    .font('cjk-bold')
    .fontSize(16)
    .text(`${SANDBOX_LABEL} · DEMO`, x, 5 * MM, { width: inner * 0.75, lineBreak: false });
  doc
    .font('cjk-bold')
    .fontSize(28)
    .text(p.countryCode, x + inner * 0.7, 3.5 * MM, { width: inner * 0.3, align: 'right', lineBreak: false });
  doc
    .font('cjk')
    .fontSize(8)
    .text('演示承运商的面单，不能用于真实寄送 / Demo carrier label, not valid for shipping', x, 12 * MM, { width: inner, lineBreak: false });
  rule(17, 1);
  doc.image(await code128(trackingNo), x, 20 * MM, { fit: [inner, 24 * MM], align: 'center' });
  doc
    .font('cjk-bold')
    .fontSize(14)
    .text(trackingNo, x, 46 * MM, { width: inner, align: 'center' });
  rule(54);
  doc
    .font('cjk')
    .fontSize(9)
    .text(`寄件人：${account.from.name} ${account.from.city} ${account.from.country}`, x, 57 * MM, { width: inner, lineBreak: false, ellipsis: true });
  doc.fontSize(11).text(`收件人：${p.address.receiver}`, x, 63 * MM, { width: inner });
  doc.fontSize(10).text([p.address.address, p.address.city, p.address.province, p.address.postcode].filter(Boolean).join(', '), x, 70 * MM, {
    width: inner,
    height: 16 * MM,
    ellipsis: true,
  });
  rule(88);
  doc
    .font('cjk-bold')
    .fontSize(16)
    .text(`重量：${p.weightG} g`, x, 92 * MM, { width: inner });
  // Our package number too, as our own label has it: the packer's confirming scan reads it.
  doc
    .font('cjk')
    .fontSize(10)
    .text(`包裹号 / Package no.：${p.packageNo}`, x, 102 * MM, { width: inner });
  doc.image(await code128(p.packageNo, 10), x, 108 * MM, { fit: [inner, 18 * MM], align: 'center' });
  rule(138, 0.5);
  doc.fontSize(8).text(`运单号：${trackingNo}`, x, 141 * MM, { width: inner, lineBreak: false });
  doc.end();
  return done;
}

export const sandbox: Carrier = {
  label: SANDBOX_LABEL,
  async bookShipment(account, p) {
    const trackingNo = newTrackingNo();
    return { trackingNo, labelPdf: await renderSandboxLabel(account, p, trackingNo), carrierRef: `sandbox-${trackingNo}` };
  },
  async cancelShipment() {},
};

/** Stands in for the demo carrier where the server does not allow it: every booking is refused with SANDBOX_OFF. */
const sandboxOff: Carrier = {
  label: SANDBOX_LABEL,
  async bookShipment() {
    throw new CarrierError(SANDBOX_OFF);
  },
  async cancelShipment() {},
};

/** The adapter a booking uses: the demo carrier only where the server allows it. */
export const carrierFor = (code: string, adapter: Carrier, sandboxOn: boolean): Carrier => (code === SANDBOX_CARRIER && !sandboxOn ? sandboxOff : adapter);
