import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { newLine, pdfText, TINY_PNG } from '../../packages/server/src/testing/factories/goods-in';
import { typeByHand } from '../support/browser';
import { expectDriverBanner, lastScanLog, scan, scanReady, useStationServer } from '../support/stations';

/** The server reads its speech provider settings per request: a test switches the stand-in on and off here. */
const speechProvider: { url: string | null; accessToken: string | null } = { url: null, accessToken: null };
const station = useStationServer('goods', { tts: speechProvider });

const pageAs = (username: string) => station.page(username);

describe('goods in, through the screens', () => {
  it('takes a line from purchase_wait to shelved with a scanner, prints its label, and shows every step in the trace', async () => {
    const line = await newLine(station.server.db, { title: '端到端测试 卫衣', props: [{ name: '颜色:灰色' }, { name: '尺码:M' }], now: new Date() });

    // Purchase desk: find the line, claim it, record the marketplace purchase.
    const buyer = await pageAs('purchaser1');
    await buyer.goto(`${station.server.url}/buyModule/buyOrder?status=purchase_wait&numberType=purchaseNo&numberValue=${line.purchaseNo}`);
    await buyer.getByTestId(`claim-${line.id}`).click();
    await buyer.getByTestId('action-purchase').click();
    const dialog = buyer.locator('.ant-modal').filter({ hasText: '平台订单号' });
    await typeByHand(dialog.getByLabel('平台订单号'), 'TB-E2E-0001');
    await typeByHand(dialog.getByLabel('国内快递单号'), 'SFE2E0001');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await buyer.locator('.ant-card-head').filter({ hasText: '已采购' }).waitFor();

    // Inbound station: scan the parcel, weigh, receive.
    const wh = await pageAs('warehouse1');
    await wh.goto(`${station.server.url}/WarehouseManage/inboundScan`);
    await wh.getByText('请将电脑键盘切换为英文输入法，否则可能导致扫描失败').waitFor();
    await expectDriverBanner(wh);
    await scanReady(wh);
    await scan(wh, 'SFE2E0001');
    await wh.getByText(line.purchaseNo).waitFor();
    await typeByHand(wh.getByTestId(`weightG-${line.id}`), '420');
    await typeByHand(wh.getByTestId(`lengthMm-${line.id}`), '300');
    await typeByHand(wh.getByTestId(`widthMm-${line.id}`), '200');
    await typeByHand(wh.getByTestId(`heightMm-${line.id}`), '50');
    await wh.getByTestId('receive').click();
    const received = wh.getByTestId('received-item').first();
    await received.waitFor();
    const itemCode = `WI${String(line.id).padStart(8, '0')}`;
    expect(await received.innerText()).toContain(itemCode);

    // The label: a PDF with the SPEC's label data.
    const href = await received.getByTestId('label-link').getAttribute('href');
    const pdf = await wh.request.get(`${station.server.url}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    for (const s of ['U100001', String(line.id % 10000).padStart(4, '0'), itemCode, '420 g', '3000 cm³', '颜色:灰色; 尺码:M', '制单：仓库小王'])
      expect(text).toContain(s);

    // QC station: scan the item, photograph, pass.
    await wh.goto(`${station.server.url}/WarehouseManage/qcPhoto`);
    await expectDriverBanner(wh);
    await scanReady(wh);
    await scan(wh, itemCode);
    await wh.getByTestId('qc-pass').waitFor();
    await wh.locator('input[type=file]').setInputFiles({ name: 'qc.png', mimeType: 'image/png', buffer: TINY_PNG });
    await wh.locator('.ant-image img').first().waitFor();
    await wh.getByTestId('qc-pass').click();
    await wh.locator('.ant-message-notice').filter({ hasText: '质检完成' }).waitFor();

    // Shelving station: item, then location; a wrong location first is a loud error.
    await wh.goto(`${station.server.url}/WarehouseManage/shelving`);
    await scanReady(wh);
    await scan(wh, itemCode);
    const suggested = (await wh.getByTestId('suggested').innerText()).trim();
    expect(suggested).toMatch(/^[A-Z]-\d{2}-\d{2}-\d{2}$/);
    await scan(wh, 'Z-99-99-99');
    await expect.poll(() => lastScanLog(wh).innerText()).toContain(`库位 Z-99-99-99 不是建议库位 ${suggested}`);
    expect(await lastScanLog(wh).getAttribute('class')).toContain('scan-log-warning');
    await scan(wh, 'Z-99-99-99');
    await expect.poll(() => lastScanLog(wh).innerText()).toContain('库位 Z-99-99-99 不存在');
    expect(await lastScanLog(wh).getAttribute('class')).toContain('scan-log-error');
    await scan(wh, itemCode);
    await scan(wh, suggested);
    await expect.poll(() => lastScanLog(wh).innerText()).toContain(`上架成功 ${suggested}`);
    expect(await lastScanLog(wh).getAttribute('class')).toContain('scan-log-success');
    await expect.poll(() => wh.evaluate(() => window.__wsSpoken?.join('|') ?? '')).toContain(`上架成功 ${suggested}`);

    // The timeline shows every step with who.
    await wh.goto(`${station.server.url}/WarehouseManage/orderDetail?id=${line.id}`);
    const trace = wh.getByTestId('trace-item');
    await expect.poll(() => trace.count()).toBe(5);
    const steps = await trace.allInnerTexts();
    expect(steps.map((s) => s.split('\n')[0].split(' ')[0])).toEqual(['领取采购', '采购完成', '入库', '拍照质检', '上架']);
    expect(steps[0]).toContain('采购小张');
    expect(steps[4]).toContain('仓库小王');
    expect(steps[4]).toContain(suggested);
  });

  it('speaks through the configured speech provider, and toasts for 5 s when it fails', async () => {
    // A local stand-in that speaks the provider's protocol: GET with tok, tex, lan=zh, …; answers an audio blob.
    const asked: URLSearchParams[] = [];
    const provider = http.createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      asked.push(q);
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (q.get('tex')?.includes('不存在')) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"err_no":500}');
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/mp3' }).end(Buffer.alloc(64));
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    speechProvider.url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/text2audio`;
    speechProvider.accessToken = 'stand-in-token';
    try {
      const wh = await pageAs('warehouse2');
      await wh.goto(`${station.server.url}/WarehouseManage/shelving`);
      await scanReady(wh);
      await scan(wh, 'A-01-01-01');
      await expect.poll(() => asked.map((q) => q.get('tex'))).toContain('请先扫描商品条码');
      const q = asked.find((x) => x.get('tex') === '请先扫描商品条码')!;
      expect([q.get('tok'), q.get('lan')]).toEqual(['stand-in-token', 'zh']);
      // Muted: nothing is asked of the provider.
      await wh.getByTestId('mute').click();
      const before = asked.length;
      // The focus stays on the clicked button; the scanner's first key brings it back to the scan box, whole.
      expect(await wh.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('mute');
      await scan(wh, 'A-01-01-02');
      await expect.poll(() => wh.getByTestId('scan-log-item').count()).toBe(2);
      expect(await lastScanLog(wh).innerText()).toContain('A-01-01-02');
      await wh.waitForTimeout(800);
      expect(asked.length).toBe(before);
      await wh.getByTestId('mute').click();
      // Provider failure: the SPEC's error toast (5 s).
      await scan(wh, 'WI99999999');
      await wh.locator('.ant-message-notice').filter({ hasText: '语音合成失败' }).waitFor();
    } finally {
      speechProvider.url = null;
      speechProvider.accessToken = null;
      provider.close();
    }
  });
});
