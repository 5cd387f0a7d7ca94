import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import { LoginSource } from '@waystation/shared/vocab/account';
import { useLang } from '../../i18n';
import { useLevelOptions } from '../vip/api';
import { useMkMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';

/** Form values of a crowd filter (levels, sources, registration range, agent). */
export interface CrowdFields {
  levelIds?: number[];
  loginSources?: string[];
  registered?: [Dayjs, Dayjs] | null;
  agentId?: string;
}

export function toCrowdFilter(v: CrowdFields | undefined): CrowdFilter {
  const f: CrowdFilter = {};
  if (v?.levelIds?.length) f.levelIds = v.levelIds;
  if (v?.loginSources?.length) f.loginSources = v.loginSources as CrowdFilter['loginSources'];
  if (v?.registered?.[0]) f.registeredFrom = v.registered[0].startOf('day').toISOString();
  if (v?.registered?.[1]) f.registeredTo = v.registered[1].endOf('day').toISOString();
  if (v?.agentId && /^\d+$/.test(v.agentId)) f.agentId = Number(v.agentId);
  return f;
}

export function fromCrowdFilter(f: CrowdFilter | undefined): CrowdFields {
  return {
    levelIds: f?.levelIds,
    loginSources: f?.loginSources,
    agentId: f?.agentId ? String(f.agentId) : undefined,
    registered: f?.registeredFrom && f.registeredTo ? [dayjs(f.registeredFrom), dayjs(f.registeredTo)] : null,
  };
}

/** The crowd filter's fields, under a name prefix of the surrounding form. */
export function CrowdFilterFields({ name }: { name: string }) {
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const levels = useLevelOptions();
  return (
    <>
      <Form.Item name={[name, 'levelIds']} label={m.levels}>
        <Select mode="multiple" allowClear placeholder={m.allLevels} options={levels.data?.map((l) => ({ value: l.id, label: l.name }))} />
      </Form.Item>
      <Form.Item name={[name, 'loginSources']} label={m.loginSources}>
        <Select mode="multiple" allowClear options={vocabOptions(LoginSource, lang)} />
      </Form.Item>
      <Form.Item name={[name, 'registered']} label={m.registered}>
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item name={[name, 'agentId']} label={m.agentId}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/** Level selector for eligibility (empty = all levels). */
export function LevelSelect(props: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const m = useMkMessages();
  const levels = useLevelOptions();
  return <Select {...props} mode="multiple" allowClear placeholder={m.allLevels} options={levels.data?.map((l) => ({ value: l.id, label: l.name }))} />;
}
