import type { FastifyInstance } from 'fastify';
import {
  logisticsGetShipChannelCall,
  logisticsGetCountryCall,
  shipInitDataCall,
  logisticsChannelPageListCall,
  logisticsChannelDetailCall,
  logisticsSaveChannelCall,
  logisticsModifyChannelStatusCall,
  logisticsChannelAttrListCall,
  logisticsBindChannelAttrCall,
  logisticsAreaListCall,
  logisticsSaveAreaCall,
  logisticsDeleteAreaCall,
  logisticsProvinceListCall,
  logisticsSaveProvinceCall,
  forwarderPageListCall,
  forwarderSaveCall,
  logisticsFreightQuoteCall,
  logisticsPackageFreightCall,
} from '@waystation/shared/contract/logistics';
import { api } from '../../core/http';
import * as service from './service';
import * as areas from './areas';
import * as provinces from './provinces';
import { channelFreight, quoteFreight } from './freight';

const CHANNELS = 'logistics:channelList';

export function logisticsRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, logisticsGetShipChannelCall, {
    permission: 'authenticated',
    summary: 'Enabled ship channels (selectors)',
    handler: () => service.channelOptions(db),
  });
  api(app, logisticsGetCountryCall, {
    permission: 'authenticated',
    summary: 'Enabled destination countries (selectors)',
    handler: () => service.countryOptions(db),
  });
  api(app, shipInitDataCall, {
    permission: 'authenticated',
    summary: 'Vocabularies of the logistics screens',
    handler: () => service.shipInitData(db),
  });

  api(app, logisticsChannelPageListCall, {
    permission: CHANNELS,
    summary: 'List ship channels',
    handler: ({ query }) => service.listChannels(db, query),
  });
  api(app, logisticsChannelDetailCall, {
    permission: CHANNELS,
    summary: 'One ship channel',
    handler: ({ query }) => service.getChannel(db, query.id),
  });
  api(app, logisticsSaveChannelCall, {
    permission: CHANNELS,
    summary: 'Create or edit a ship channel',
    handler: ({ body, actor, now }) => service.saveChannel(db, actor, body, now),
  });
  api(app, logisticsModifyChannelStatusCall, {
    permission: CHANNELS,
    summary: 'Enable or disable a ship channel',
    handler: ({ query, actor, now }) => service.modifyChannelStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, logisticsChannelAttrListCall, {
    permission: CHANNELS,
    summary: "A channel's item-attribute decisions",
    handler: ({ query }) => service.listChannelAttrs(db, query.channelId),
  });
  api(app, logisticsBindChannelAttrCall, {
    permission: CHANNELS,
    summary: 'Set which item attributes a channel accepts',
    handler: ({ body, actor, now }) => service.bindChannelAttrs(db, actor, body, now).then(() => null),
  });
  api(app, logisticsAreaListCall, {
    permission: CHANNELS,
    summary: "A channel's country zones and freight rules",
    handler: ({ query }) => areas.listAreas(db, query.channelId),
  });
  api(app, logisticsSaveAreaCall, {
    permission: CHANNELS,
    summary: 'Create or edit a country zone and its freight rule',
    handler: ({ body, actor, now }) => areas.saveArea(db, actor, body, now),
  });
  api(app, logisticsDeleteAreaCall, {
    permission: CHANNELS,
    summary: 'Delete a country zone',
    handler: ({ query, actor, now }) => areas.deleteArea(db, actor, query.id, now).then(() => null),
  });
  api(app, logisticsProvinceListCall, {
    permission: CHANNELS,
    summary: 'Provinces of a country',
    handler: ({ query }) => provinces.listProvinces(db, query),
  });
  api(app, logisticsSaveProvinceCall, {
    permission: CHANNELS,
    summary: 'Create or edit a province',
    handler: ({ body, actor, now }) => provinces.saveProvince(db, actor, body, now),
  });

  api(app, forwarderPageListCall, {
    permission: 'logistics:forwarder',
    summary: 'List forwarders',
    handler: ({ query }) => service.listForwarders(db, query),
  });
  api(app, forwarderSaveCall, {
    permission: 'logistics:forwarder',
    summary: 'Create or edit a forwarder',
    handler: ({ body, actor, now }) => service.saveForwarder(db, app.services, actor, body, now),
  });

  api(app, logisticsFreightQuoteCall, {
    permission: 'logistics:freightCalculator',
    summary: 'Price a parcel on every channel serving a country',
    handler: ({ body }) => quoteFreight(db, body),
  });
  api(app, logisticsPackageFreightCall, {
    permission: 'warehouse:packing',
    summary: 'Freight of a weighed parcel on one channel (packing station)',
    handler: ({ body: { channelId, ...parcel } }) => channelFreight(db, channelId, parcel),
  });
}
