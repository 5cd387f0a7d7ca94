import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import type { AgreementDetail, TipsEntry } from '@waystation/shared/contract/config';
import { VIP_TERMINAL_TIPS_KEYS } from '@waystation/shared/contract/config';
import type { AppVersionInfo, Param } from '@waystation/shared/contract/reference';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('terminal texts (tips)', () => {
  it('every vipTerminalConfig page saves and reads back its entry per appId', async () => {
    const confList = VIP_TERMINAL_TIPS_KEYS.map((k, i) => ({
      tipsKey: k,
      tipsText: `文本 ${k}`,
      images: i === 0 ? [{ fileUri: 'tips/a.png', fileUrl: '/api/upload/file/tips/a.png' }] : [],
    }));
    const saved = await t.call('POST', '/api/config/saveTipsConfig', { token: admin, body: { appId: 1, confList } });
    expect(saved.code, saved.message).toBe(20000);
    const read = await t.call<TipsEntry[]>('POST', '/api/config/batchTipsConfig', { token: admin, body: { appId: 1, tipsKeys: [...VIP_TERMINAL_TIPS_KEYS] } });
    expect(read.data.map((e) => e.tipsKey)).toEqual([...VIP_TERMINAL_TIPS_KEYS]);
    expect(read.data.every((e, i) => e.saved && e.tipsText === `文本 ${VIP_TERMINAL_TIPS_KEYS[i]}`)).toBe(true);
    expect(read.data[0].images).toEqual([{ fileUri: 'tips/a.png', fileUrl: '/api/upload/file/tips/a.png' }]);
    // SPEC defaults: status activity, needTrans true.
    expect(read.data[0]).toMatchObject({ status: 'activity', needTrans: true, saved: true });
    // The same key of the agent terminal is a different entry.
    const agent = await t.call<TipsEntry[]>('POST', '/api/config/batchTipsConfig', { token: admin, body: { appId: 2, tipsKeys: ['purchaseAgreement'] } });
    expect(agent.data[0]).toMatchObject({ saved: false, tipsText: '', status: 'activity', needTrans: true });
  });

  it('shows which translations are missing, and none when the text needs no translation', async () => {
    await t.call('POST', '/api/config/saveTipsConfig', {
      token: admin,
      body: {
        appId: 1,
        confList: [
          { tipsKey: 'RechargeTip', tipsText: '充值提示', translations: { en: 'Recharge tip', fr: ' ' } },
          { tipsKey: 'insuranceTip', tipsText: '保险', needTrans: false, status: 'disabled' },
        ],
      },
    });
    const r = await t.call<TipsEntry[]>('POST', '/api/config/batchTipsConfig', { token: admin, body: { appId: 1, tipsKeys: ['RechargeTip', 'insuranceTip'] } });
    expect(r.data[0].missingLangs).toEqual(['fr', 'de', 'es', 'ja', 'ko']);
    expect(r.data[1]).toMatchObject({ missingLangs: [], status: 'disabled', needTrans: false });
  });

  it('the agent share page saves under appId 2 and needs the agent-terminal permission', async () => {
    const ok = await t.call('POST', '/api/config/saveTipsConfig', {
      token: admin,
      body: { appId: 2, confList: [{ tipsKey: 'shareText', tipsText: '邀请好友一起代购' }] },
    });
    expect(ok.code).toBe(20000);
    const cs = await t.login('cs1', DEMO_PASSWORD);
    const refused = await t.call('POST', '/api/config/saveTipsConfig', { token: cs, body: { appId: 2, confList: [{ tipsKey: 'shareText', tipsText: 'x' }] } });
    expect(refused.code).toBe(40300);
    const ops = await t.login('ops1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/config/batchTipsConfig', { token: ops, body: { appId: 2, tipsKeys: ['shareText'] } })).code).toBe(20000);
  });

  it('rejects an unknown appId, unknown keys and empty lists with the SPEC message', async () => {
    const bad = await t.call<{ fields: Record<string, string> }>('POST', '/api/config/saveTipsConfig', { token: admin, body: { appId: 3, confList: [] } });
    expect(bad.code).toBe(40001);
    expect(bad.data.fields.confList).toBe('数组不能为空');
    const extra = await t.call('POST', '/api/config/saveTipsConfig', {
      token: admin,
      body: { appId: 1, confList: [{ tipsKey: 'x', tipsText: '', color: 'red' }] },
    });
    expect(extra.code).toBe(40001);
  });

  it('two editors saving a new key at once both succeed; one entry remains', async () => {
    const results = await Promise.all(
      ['甲', '乙'].map((text) =>
        t.call('POST', '/api/config/saveTipsConfig', { token: admin, body: { appId: 1, confList: [{ tipsKey: 'raceKey', tipsText: text }] } }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual([20000, 20000]);
    const r = await t.call<TipsEntry[]>('GET', '/api/config/tipsList', { token: admin, query: { appId: 1 } });
    expect(r.data.filter((e) => e.tipsKey === 'raceKey')).toHaveLength(1);
  });

  it('audits each saved entry with before and after', async () => {
    await t.call('POST', '/api/config/saveTipsConfig', { token: admin, body: { appId: 1, confList: [{ tipsKey: 'returnPackTip', tipsText: 'v1' }] } });
    await t.call('POST', '/api/config/saveTipsConfig', { token: admin, body: { appId: 1, confList: [{ tipsKey: 'returnPackTip', tipsText: 'v2' }] } });
    const audit = await t.call<{ list: { action: string; before: { tipsText: string } | null; after: { tipsText: string } }[] }>('GET', '/api/audit/pageList', {
      token: admin,
      query: { targetType: 'tips', limit: 5 },
    });
    const last = audit.data.list.find((a) => a.after?.tipsText === 'v2')!;
    expect(last.before?.tipsText).toBe('v1');
  });
});

describe('FAQ and agreements', () => {
  it('FAQ entries are created, listed in order, edited and deleted', async () => {
    const a = await t.call<{ id: number }>('POST', '/api/config/saveFaq', {
      token: admin,
      body: { category: '测试分类', question: '运费怎么算？', answer: '按计费重量。', sort: 2 },
    });
    const b = await t.call<{ id: number }>('POST', '/api/config/saveFaq', {
      token: admin,
      body: { category: '测试分类', question: '多久到？', answer: '看渠道。', sort: 1, translations: { en: { question: 'How long?', answer: 'Depends.' } } },
    });
    const list = await t.call<{ list: { id: number; missingLangs: string[] }[] }>('GET', '/api/config/faqPageList', {
      token: admin,
      query: { category: '测试分类' },
    });
    expect(list.data.list.map((f) => f.id)).toEqual([b.data.id, a.data.id]);
    expect(list.data.list[0].missingLangs).not.toContain('en');
    expect((await t.call('GET', '/api/config/deleteFaq', { token: admin, query: { id: a.data.id } })).code).toBe(20000);
    expect((await t.call('GET', '/api/config/faqDetail', { token: admin, query: { id: a.data.id } })).code).toBe(40400);
  });

  it('agreements publish numbered versions; identical content is refused; old versions stay readable', async () => {
    const created = await t.call<{ id: number }>('POST', '/api/agreement/save', { token: admin, body: { code: 'privacyTest', title: '隐私政策' } });
    const id = created.data.id;
    expect((await t.call<{ version: number }>('POST', '/api/agreement/saveAgreement', { token: admin, body: { id, content: '# 第一版' } })).data.version).toBe(
      1,
    );
    expect(
      (await t.call<{ version: number }>('POST', '/api/agreement/saveAgreement', { token: admin, body: { id, content: '# 第二版', changeNote: '更新条款' } }))
        .data.version,
    ).toBe(2);
    const same = await t.call('POST', '/api/agreement/saveAgreement', { token: admin, body: { id, content: '# 第二版' } });
    expect(same.code).toBe(40001);
    const detail = await t.call<AgreementDetail>('GET', '/api/agreement/fetchAgreementDetail', { token: admin, query: { id } });
    expect(detail.data).toMatchObject({ currentVersion: 2, version: 2, content: '# 第二版', requireAccept: true });
    expect(detail.data.versions.map((v) => v.version)).toEqual([2, 1]);
    const v1 = await t.call<AgreementDetail>('GET', '/api/agreement/fetchAgreementDetail', { token: admin, query: { id, version: 1 } });
    expect(v1.data.content).toBe('# 第一版');
    const dup = await t.call('POST', '/api/agreement/save', { token: admin, body: { code: 'privacyTest', title: 'x' } });
    expect(dup.code).toBe(40001);
  });
});

describe('params, app versions, config data', () => {
  it('params: add, duplicate key refused, edit, status', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/param/add', { token: admin, body: { paramKey: 'test.limit', paramValue: '10', name: '测试上限' } });
    expect(add.code).toBe(20000);
    expect((await t.call('POST', '/api/param/add', { token: admin, body: { paramKey: 'test.limit', paramValue: '1', name: 'x' } })).code).toBe(40001);
    expect(
      (await t.call('POST', '/api/param/edit', { token: admin, body: { id: add.data.id, paramKey: 'test.limit', paramValue: '20', name: '测试上限' } })).code,
    ).toBe(20000);
    expect((await t.call('GET', '/api/param/modifyStatus', { token: admin, query: { id: add.data.id, status: 'disabled' } })).code).toBe(20000);
    const list = await t.call<{ list: Param[] }>('GET', '/api/param/pageList', { token: admin, query: { keyword: 'test.' } });
    expect(list.data.list[0]).toMatchObject({ paramValue: '20', status: 'disabled' });
    expect((await t.call('GET', '/api/param/modifyStatus', { token: admin, query: { id: add.data.id, status: 'deleted' } })).code).toBe(40001);
  });

  it('app versions must increase per platform; fetchInfo gives the latest enabled one', async () => {
    const save = (body: Record<string, unknown>) => t.call<{ id: number }>('POST', '/api/app/version/save', { token: admin, body });
    expect((await save({ platform: 'windows', version: '1.2.0', releaseNotes: '首发' })).code).toBe(20000);
    const v13 = await save({ platform: 'windows', version: '1.10.0', forceUpdate: true, downloadUrl: 'https://dl.example.com/a.apk' });
    expect(v13.code).toBe(20000);
    const older = await save({ platform: 'windows', version: '1.9.9' });
    expect(older.code).toBe(40001);
    expect((await save({ platform: 'windows', version: '1.2' })).code).toBe(40001);
    expect((await save({ platform: 'mac', version: '1.0.0', downloadUrl: 'nope' })).code).toBe(40001);
    const info = await t.call<AppVersionInfo>('GET', '/api/app/version/fetchInfo', { token: admin, query: { platform: 'windows' } });
    expect(info.data.latest.windows).toMatchObject({ version: '1.10.0', forceUpdate: true });
    await save({ id: v13.data.id, platform: 'windows', version: '1.10.0', status: 'disabled' });
    const after = await t.call<AppVersionInfo>('GET', '/api/app/version/fetchInfo', { token: admin });
    expect(after.data.latest.windows.version).toBe('1.2.0');
  });

  it('batch config data round-trips JSON values per group', async () => {
    const body = {
      groupKey: 'memberSite',
      list: [
        { dataKey: 'maintenance', value: { on: false, text: '' } },
        { dataKey: 'hotKeywords', value: ['球鞋', '卫衣'] },
      ],
    };
    expect((await t.call('POST', '/api/config/batchSaveConfigData', { token: admin, body })).code).toBe(20000);
    await t.call('POST', '/api/config/batchSaveConfigData', {
      token: admin,
      body: { groupKey: 'memberSite', list: [{ dataKey: 'maintenance', value: { on: true, text: '维护中' } }] },
    });
    const r = await t.call<{ dataKey: string; value: unknown }[]>('POST', '/api/config/batchQueryConfigData', {
      token: admin,
      body: { groupKey: 'memberSite' },
    });
    expect(r.data.map((d) => [d.dataKey, d.value])).toEqual([
      ['hotKeywords', ['球鞋', '卫衣']],
      ['maintenance', { on: true, text: '维护中' }],
    ]);
    const empty = await t.call('POST', '/api/config/batchSaveConfigData', { token: admin, body: { groupKey: 'memberSite', list: [] } });
    expect(empty.code).toBe(40001);
  });
});

describe('reference data', () => {
  it('initData carries the SPEC vocabularies with labels; currencies and regions for selectors', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const init = await t.call<Record<string, { value: string; label: string }[]>>('GET', '/api/shopping/initData', { token: wh });
    expect(init.data.marketplace.map((m) => m.value)).toEqual(['TB', 'T1688', 'XY', 'JD', 'WD']);
    expect(init.data.accountStatus.find((s) => s.value === 'activity')?.label).toBe('正常');
    expect(init.data.itemAttr.length).toBeGreaterThan(3);
    const cur = await t.call<{ code: string; rate: string }[]>('GET', '/api/config/enableCurrencyList', { token: wh });
    expect(cur.data.find((c) => c.code === 'USD')?.rate).toBe('7.18');
    expect((await t.call('GET', '/api/region/enableSelect', { token: wh })).code).toBe(20000);
    expect(
      (await t.call('POST', '/api/config/saveCurrency', { token: wh, body: { code: 'HKD', nameZh: '港币', nameEn: 'HK Dollar', rate: '0.92' } })).code,
    ).toBe(40300);
  });

  it('currency rates are positive decimals; CNY stays 1; disabled currencies leave the enabled list', async () => {
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/config/saveCurrency', { token: admin, body });
    expect((await save({ code: 'HKD', nameZh: '港币', nameEn: 'HK Dollar', rate: '0' })).code).toBe(40001);
    expect((await save({ code: 'CNY', nameZh: '人民币', nameEn: 'Yuan', rate: '2' })).code).toBe(40001);
    expect((await save({ code: 'HKD', nameZh: '港币', nameEn: 'HK Dollar', rate: '0.92', status: 'disabled' })).code).toBe(20000);
    const cur = await t.call<{ code: string }[]>('GET', '/api/config/enableCurrencyList', { token: admin });
    expect(cur.data.some((c) => c.code === 'HKD')).toBe(false);
  });
});
