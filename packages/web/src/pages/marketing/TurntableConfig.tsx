import { PrizeConfig } from './PrizeConfig';

/** marketing/TurntableConfig: 大转盘 prize configuration. */
export default function TurntableConfig() {
  return <PrizeConfig kind="turntable" />;
}
