import { useLocation } from 'react-router';
import { DIALOG_TIPS_KEYS } from '@waystation/shared/contract/config';
import { TipsEntryEditor } from './TipsConfigEditor';
import { AgreementManager } from './TipsConfigAgreements';
import { VIP_TERMINAL_PAGES } from './VipTerminalConfigPages';
import { useLang } from '../../i18n';

/** One member-terminal text page (/systemManage/vipTerminalConfig/{tipsKey}): the route names the entry it edits; agreementConfig also lists the agreements. */
export default function TipsConfig() {
  const { pathname } = useLocation();
  const lang = useLang((s) => s.lang);
  const tipsKey = pathname.split('/').filter(Boolean).pop() ?? '';
  const page = VIP_TERMINAL_PAGES.find((p) => p.key === tipsKey);
  return (
    <>
      <TipsEntryEditor
        key={tipsKey}
        appId={1}
        tipsKey={tipsKey}
        title={page?.title[lang] ?? tipsKey}
        withImages={DIALOG_TIPS_KEYS.includes(tipsKey) || undefined}
      />
      {/* The agreement configuration page also manages the versioned agreements themselves. */}
      {tipsKey === 'agreementConfig' && <AgreementManager />}
    </>
  );
}
