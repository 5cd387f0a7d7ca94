import { PrizeConfig } from './PrizeConfig';

/** marketing/TigerMachinesConfig: 老虎机 prize configuration. */
export default function TigerMachinesConfig() {
  return <PrizeConfig kind="tigerMachines" />;
}
