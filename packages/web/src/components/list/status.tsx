import type { ReactNode } from 'react';
import { App, Button, Tag } from 'antd';
import { ConfigStatus } from '@waystation/shared/vocab/config-content';
import { useLang, useT } from '../../i18n';
import { vocabOptions } from './vocabOptions';

/** The other of the two statuses a configuration row has (启用 ⇄ 禁用). */
export const nextStatus = (s: string): ConfigStatus => (s === 'activity' ? 'disabled' : 'activity');

/** A configuration row's status as the lists show it: green when on, orange when off, named in the UI language. */
export function StatusTag({ status }: { status: string }) {
  const lang = useLang((s) => s.lang);
  return <Tag color={status === 'activity' ? 'green' : 'orange'}>{ConfigStatus.label(status, lang)}</Tag>;
}

/** 启用 / 禁用 as select options in the UI language. */
export function useStatusOptions() {
  return vocabOptions(
    ConfigStatus,
    useLang((s) => s.lang),
  );
}

/**
 * Asks before an action (a status change, a delete), runs it on OK and says 操作成功; a failure keeps the dialog's
 * error handling (the request layer shows the server's message). One place for the confirm-then-run of every list.
 */
export function useConfirmedAction() {
  const { modal, message } = App.useApp();
  const t = useT();
  return (o: { title: string; content: ReactNode; danger?: boolean; run: () => Promise<unknown>; after?: () => void }) =>
    modal.confirm({
      title: o.title,
      content: o.content,
      okButtonProps: { danger: o.danger },
      onOk: async () => {
        await o.run();
        message.success(t('common.success'));
        o.after?.();
      },
    });
}

/**
 * 启用 / 禁用 of a configuration row: a link button naming the other status that asks (`title`, `content` given the
 * action's word) and then switches (`run`); without `content` it switches at once (a refusal shown as any call's). Red while the row is on, unless `plain`.
 */
export function StatusToggle({
  status,
  labels,
  title,
  content,
  run,
  plain = false,
}: {
  status: string;
  /** The button's words for switching on and off (启用 / 禁用). */
  labels: { enable: string; disable: string };
  /** The question's title; the action's word by default. */
  title?: string;
  /** The question; none: no question asked. */
  content?: (action: string, next: ConfigStatus) => ReactNode;
  run: (next: ConfigStatus) => Promise<unknown>;
  plain?: boolean;
}) {
  const confirm = useConfirmedAction();
  const next = nextStatus(status);
  const action = next === 'activity' ? labels.enable : labels.disable;
  return (
    <Button
      type="link"
      size="small"
      danger={!plain && status === 'activity'}
      onClick={() =>
        content
          ? confirm({ title: title ?? action, content: content(action, next), danger: next === 'disabled', run: () => run(next) })
          : // A refusal is shown by the request layer.
            run(next).catch(() => {})
      }
    >
      {status === 'activity' ? labels.disable : labels.enable}
    </Button>
  );
}
