import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AreaSaveBody,
  BindChannelAttrBody,
  ChannelAreaList,
  ChannelAttrList,
  ChannelIdQuery,
  ChannelListQuery,
  ChannelListResult,
  ChannelSaveBody,
  CountryOptions,
  ForwarderListQuery,
  ForwarderListResult,
  ForwarderSaveBody,
  FreightQuoteBody,
  FreightQuoteResult,
  ProvinceList,
  ProvinceListQuery,
  ProvinceSaveBody,
  ShipChannel,
  ShipChannelOptions,
  ShipInitData,
  FreightQuote,
  PackageFreightBody,
} from '@waystation/shared/contract/logistics';
import { IdQuery, ModifyConfigStatusQuery, SaveResult } from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import * as service from './service';
import * as areas from './areas';
import * as provinces from './provinces';
import { channelFreight, quoteFreight } from './freight';

const CHANNELS = 'logistics:channelList';

export function logisticsRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/logistics/getShipChannel',
    permission: 'authenticated',
    summary: 'Enabled ship channels (selectors)',
    data: ShipChannelOptions,
    handler: () => service.channelOptions(db),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/getCountry',
    permission: 'authenticated',
    summary: 'Enabled destination countries (selectors)',
    data: CountryOptions,
    handler: () => service.countryOptions(db),
  });
  api(app, {
    method: 'GET',
    url: '/api/ship/initData',
    permission: 'authenticated',
    summary: 'Vocabularies of the logistics screens',
    data: ShipInitData,
    handler: () => service.shipInitData(db),
  });

  api(app, {
    method: 'GET',
    url: '/api/logistics/channelPageList',
    permission: CHANNELS,
    summary: 'List ship channels',
    query: ChannelListQuery,
    data: ChannelListResult,
    handler: ({ query }) => service.listChannels(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/channelDetail',
    permission: CHANNELS,
    summary: 'One ship channel',
    query: IdQuery,
    data: ShipChannel,
    handler: ({ query }) => service.getChannel(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/logistics/saveChannel',
    permission: CHANNELS,
    summary: 'Create or edit a ship channel',
    body: ChannelSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.saveChannel(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/modifyChannelStatus',
    permission: CHANNELS,
    summary: 'Enable or disable a ship channel',
    query: ModifyConfigStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => service.modifyChannelStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/channelAttrList',
    permission: CHANNELS,
    summary: "A channel's item-attribute decisions",
    query: ChannelIdQuery,
    data: ChannelAttrList,
    handler: ({ query }) => service.listChannelAttrs(db, query.channelId),
  });
  api(app, {
    method: 'POST',
    url: '/api/logistics/bindChannelAttr',
    permission: CHANNELS,
    summary: 'Set which item attributes a channel accepts',
    body: BindChannelAttrBody,
    data: z.null(),
    handler: ({ body, actor, now }) => service.bindChannelAttrs(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/areaList',
    permission: CHANNELS,
    summary: "A channel's country zones and freight rules",
    query: ChannelIdQuery,
    data: ChannelAreaList,
    handler: ({ query }) => areas.listAreas(db, query.channelId),
  });
  api(app, {
    method: 'POST',
    url: '/api/logistics/saveArea',
    permission: CHANNELS,
    summary: 'Create or edit a country zone and its freight rule',
    body: AreaSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => areas.saveArea(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/deleteArea',
    permission: CHANNELS,
    summary: 'Delete a country zone',
    query: IdQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => areas.deleteArea(db, actor, query.id, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/logistics/provinceList',
    permission: CHANNELS,
    summary: 'Provinces of a country',
    query: ProvinceListQuery,
    data: ProvinceList,
    handler: ({ query }) => provinces.listProvinces(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/logistics/saveProvince',
    permission: CHANNELS,
    summary: 'Create or edit a province',
    body: ProvinceSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => provinces.saveProvince(db, actor, body, now),
  });

  api(app, {
    method: 'GET',
    url: '/api/forwarder/pageList',
    permission: 'logistics:forwarder',
    summary: 'List forwarders',
    query: ForwarderListQuery,
    data: ForwarderListResult,
    handler: ({ query }) => service.listForwarders(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/forwarder/save',
    permission: 'logistics:forwarder',
    summary: 'Create or edit a forwarder',
    body: ForwarderSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.saveForwarder(db, actor, body, now),
  });

  api(app, {
    method: 'POST',
    url: '/api/logistics/freightQuote',
    permission: 'logistics:freightCalculator',
    summary: 'Price a parcel on every channel serving a country',
    body: FreightQuoteBody,
    data: FreightQuoteResult,
    handler: ({ body }) => quoteFreight(db, body),
  });
  api(app, {
    method: 'POST',
    url: '/api/logistics/packageFreight',
    permission: 'warehouse:packing',
    summary: 'Freight of a weighed parcel on one channel (packing station)',
    body: PackageFreightBody,
    data: FreightQuote,
    handler: ({ body: { channelId, ...parcel } }) => channelFreight(db, channelId, parcel),
  });
}
