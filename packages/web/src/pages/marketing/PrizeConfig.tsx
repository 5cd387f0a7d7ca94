import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Space, Tag, Typography } from 'antd';
import { fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import { type PrizeInput, paysBalance, SaveActivityBody, type SimulateResult } from '@waystation/shared/contract/marketing/draws';
import { decimal2 } from '@waystation/shared/rules';
import { ActivityKind, CouponTemplateStatus, PRIZE_LIMITS, PrizeType } from '@waystation/shared/marketing/vocab';
import { fillerRest, formatPercent, TOTAL_BP } from '@waystation/shared/marketing/probability';
import { fill, useLang, useT } from '../../i18n';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { newRequestId, simulate, useActivity, useDraw, useSaveActivity } from './api';
import { LevelSelect } from './components';
import { DrawPreview } from './DrawPreview';
import { DrawRecordsCard, SimulationCard } from './DrawOutcomes';
import { type PrizeRow, PrizeRows } from './PrizeRows';
import { useMkMessages } from './messages';
import { NumberInput } from '../../components/NumberInput';
import { vocabOptions } from '../../components/list/vocabOptions';
import { useVerify } from '../../components/verify/useVerify';

const activityShape = SaveActivityBody.shape;

interface Values {
  name: string;
  description?: string;
  window: [Dayjs, Dayjs];
  costAmount: string;
  freeDrawsPerDay: number;
  maxDrawsPerDay: number;
  eligibleLevelIds?: number[];
  status: 'activity' | 'disabled';
  prizes: PrizeRow[];
  balanceCap?: string;
  fillerName: string;
  fillerId?: number;
}

const ROUTES: Record<string, string> = { turntable: 'turntableConfig', tigerMachines: 'tigerMachinesConfig', hammerEgg: 'hammerEggConfig' };
export const configRoute = (kind: string, id?: number) => `/marketingManage/activitiesManage/${ROUTES[kind]}${id ? `?id=${id}` : ''}`;

/** The prize configuration of one kind of lucky draw (?id= edits): basics, prizes with chances adding up to 100, simulation, live preview, test draw, records. */
export function PrizeConfig({ kind }: { kind: 'turntable' | 'tigerMachines' | 'hammerEgg' }) {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const activity = useActivity(id);
  const save = useSaveActivity();
  const [run, verifyHolder] = useVerify();
  const drawMut = useDraw();
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch('prizes', form) as unknown;
  const prizes = (Array.isArray(watched) ? watched : []) as PrizeRow[];
  const fillerName = Form.useWatch('fillerName', form) ?? m.filler;
  const [sim, setSim] = useState<SimulateResult | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [drawUser, setDrawUser] = useState('');
  const [won, setWon] = useState<{ index: number; spin: number; text: string } | null>(null);
  const limits = PRIZE_LIMITS[kind];

  useEffect(() => {
    const a = activity.data;
    if (!a) return;
    const filler = a.prizes.find((p) => p.isFiller);
    form.setFieldsValue({
      name: a.name,
      description: a.description,
      window: [dayjs(a.startAt), dayjs(a.endAt)],
      costAmount: fromMinor(a.costAmount),
      freeDrawsPerDay: a.freeDrawsPerDay,
      maxDrawsPerDay: a.maxDrawsPerDay,
      eligibleLevelIds: a.eligibleLevelIds,
      status: a.status,
      balanceCap: a.balanceCap ?? undefined,
      fillerName: filler?.name ?? m.filler,
      fillerId: filler?.id,
      prizes: a.prizes
        .filter((p) => !p.isFiller)
        .map((p) => ({
          id: p.id,
          name: p.name,
          prizeType: p.prizeType,
          couponId: p.couponId,
          amount: p.amount,
          probability: p.probability,
          stock: p.stock,
          perMemberCap: p.perMemberCap,
        })),
    });
  }, [activity.data, form, m.filler]);

  const rest = fillerRest(prizes.map((p) => p?.probability ?? '0').map((p) => (p === '' ? '0' : p)));
  const fillerProbability = rest === null ? null : formatPercent(rest);
  const previewPrizes = [...prizes.map((p) => ({ name: p?.name || '?' })), { name: fillerName, isFiller: true }];
  const sumText = rest === null ? '—' : formatPercent(TOTAL_BP);
  const withBalance = paysBalance(prizes.filter(Boolean));
  // What the balance prizes could credit at most by their stocks: the cap the form proposes.
  const stockTotal = fromMinor(
    prizes
      .filter((p) => p?.prizeType === 'balance')
      .reduce((sum, p) => sum + (p.stock ?? 0) * (/^\d+(\.\d{1,2})?$/.test(p.amount ?? '') ? toMinor(p.amount!) : 0), 0),
  );

  const allPrizes = (v: { prizes?: PrizeRow[]; fillerName?: string; fillerId?: number }): PrizeInput[] => [
    ...(v.prizes ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      prizeType: p.prizeType,
      couponId: p.prizeType === 'coupon' ? (p.couponId ?? null) : null,
      amount: p.prizeType === 'balance' || p.prizeType === 'points' ? (p.amount ?? '') : '',
      probability: p.probability ?? '',
      stock: p.stock ?? null,
      perMemberCap: p.perMemberCap ?? null,
      isFiller: false,
    })),
    {
      id: v.fillerId,
      name: v.fillerName || m.filler,
      prizeType: 'none' as const,
      probability: fillerProbability ?? '0',
      isFiller: true,
      stock: null,
      perMemberCap: null,
      couponId: null,
      amount: '',
    },
  ];

  const submit = async (v: Values) => {
    try {
      const prizeList = allPrizes(v);
      const body = {
        id: id || undefined,
        kind,
        name: v.name,
        description: v.description ?? '',
        startAt: v.window[0].toISOString(),
        endAt: v.window[1].toISOString(),
        costAmount: v.costAmount || '0',
        freeDrawsPerDay: v.freeDrawsPerDay,
        maxDrawsPerDay: v.maxDrawsPerDay,
        eligibleLevelIds: v.eligibleLevelIds ?? [],
        status: v.status,
        prizes: prizeList,
        balanceCap: paysBalance(prizeList) ? v.balanceCap?.trim() || null : null,
      };
      // Balance prizes are money: the save goes through the verify dialog (the server shows the pool to approve).
      const r = paysBalance(prizeList)
        ? await run('modify_draw_balance_pool', id || '', (headers) => save.mutateAsync({ body, headers }))
        : await save.mutateAsync({ body });
      if (!r) return;
      message.success(m.saved);
      if (!id) navigate(configRoute(kind, r.id), { replace: true });
    } catch (err) {
      showFieldErrors(form, err);
    }
  };

  const runSimulation = async () => {
    setSimulating(true);
    try {
      const v = form.getFieldsValue();
      setSim(await simulate({ kind, prizes: allPrizes(v).map((p) => ({ name: p.name, probability: p.probability, isFiller: p.isFiller })) }));
    } finally {
      setSimulating(false);
    }
  };

  const runDraw = async () => {
    const r = await drawMut.mutateAsync({ activityId: id, userCode: drawUser.trim(), requestId: newRequestId() });
    const saved = activity.data?.prizes ?? [];
    const idx = saved.filter((p) => !p.isFiller).findIndex((p) => p.id === r.prizeId);
    const index = idx === -1 ? previewPrizes.length - 1 : idx;
    setWon((w) => ({ index, spin: (w?.spin ?? 0) + 1, text: fill(m.drawResult, { prize: r.prizeName }) + (r.fellBack ? m.fellBack : '') }));
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {verifyHolder}
      <Form<Values>
        form={form}
        name={`${kind}Config`}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          costAmount: '0',
          freeDrawsPerDay: 1,
          maxDrawsPerDay: 0,
          status: 'activity',
          prizes: [],
          fillerName: m.filler,
          window: [dayjs().startOf('hour'), dayjs().add(30, 'day').endOf('day')],
        }}
      >
        <Card title={`${ActivityKind.label(kind, lang)} · ${m.basics}`} loading={id > 0 && activity.isLoading}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="name" label={m.activityName} rules={[{ required: true, whitespace: true, message: m.activityName }]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="window" label={m.window} rules={[{ required: true, message: m.window }]}>
                <DatePicker.RangePicker showTime />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="status" label={m.status}>
                <Radio.Group optionType="button" options={vocabOptions(CouponTemplateStatus, lang)} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="freeDrawsPerDay" label={m.freeDraws} rules={[zodRule(activityShape.freeDrawsPerDay.unwrap())]}>
                <NumberInput style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="costAmount" label={m.costAmount} rules={[zodRule(decimal2)]}>
                <Input addonAfter="CNY" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="maxDrawsPerDay" label={m.maxDraws} rules={[zodRule(activityShape.maxDrawsPerDay.unwrap())]}>
                <NumberInput style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="eligibleLevelIds" label={m.eligible}>
                <LevelSelect />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={m.remark}>
                <Input.TextArea rows={2} maxLength={1000} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={m.configPrizes} style={{ marginTop: 16 }} extra={<Typography.Text type="secondary">{m.fillerAuto}</Typography.Text>}>
          <PrizeRows kind={kind} prizes={prizes} />
          <Row gutter={8} align="middle" style={{ margin: '12px 0' }}>
            <Form.Item name="fillerId" hidden>
              <InputNumber />
            </Form.Item>
            <Col span={4}>
              <Form.Item name="fillerName" noStyle>
                <Input aria-label={m.filler} />
              </Form.Item>
            </Col>
            <Col span={3}>
              <Tag>{PrizeType.label('none', lang)}</Tag>
            </Col>
            <Col span={5} />
            <Col span={4}>
              <Input value={fillerProbability ?? '—'} disabled addonAfter="%" aria-label={`${m.filler} ${m.probability}`} />
            </Col>
          </Row>
          <Typography.Text data-testid="probability-sum" type={rest === null ? 'danger' : undefined}>
            {fill(m.probabilitySum, { sum: sumText })}
          </Typography.Text>
          {rest === null && <Alert style={{ marginTop: 8 }} type="error" showIcon message={m.probabilityMust100} />}
          {withBalance && (
            <Form.Item
              name="balanceCap"
              label={m.balanceCap}
              style={{ marginTop: 12, maxWidth: 640 }}
              extra={
                fill(m.balanceCapHint, { sum: stockTotal }) + (activity.data && id ? `；${fill(m.balanceIssuedSoFar, { n: activity.data.balanceIssued })}` : '')
              }
              rules={[{ required: true, message: m.balanceCap }, zodRule(activityShape.balanceCap.unwrap().unwrap())]}
            >
              <Input aria-label={m.balanceCap} addonAfter="CNY" placeholder={stockTotal} style={{ maxWidth: 240 }} />
            </Form.Item>
          )}
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            <Button onClick={runSimulation} loading={simulating} disabled={rest === null || prizes.length + 1 < limits.min}>
              {m.simulate}
            </Button>
            <Button onClick={() => navigate('/marketingManage/activitiesManage')}>{t('common.cancel')}</Button>
          </Space>
        </Card>
      </Form>
      <Row gutter={16}>
        <Col span={14}>
          <SimulationCard sim={sim} />
        </Col>
        <Col span={10}>
          <Card title={m.livePreview}>
            <DrawPreview kind={kind} prizes={previewPrizes} target={won?.index ?? null} spin={won?.spin ?? 0} />
            {id > 0 && (
              <Space style={{ marginTop: 12 }} wrap>
                <Input placeholder={m.drawFor} value={drawUser} onChange={(e) => setDrawUser(e.target.value)} style={{ width: 140 }} aria-label={m.drawFor} />
                <Button type="primary" disabled={!drawUser.trim()} loading={drawMut.isPending} onClick={runDraw}>
                  {kind === 'turntable' ? m.spin : kind === 'tigerMachines' ? m.pull : m.smash}
                </Button>
                {won && (
                  <Typography.Text strong data-testid="draw-result">
                    {won.text}
                  </Typography.Text>
                )}
              </Space>
            )}
          </Card>
        </Col>
      </Row>
      {id > 0 && <DrawRecordsCard activityId={id} />}
    </Space>
  );
}
