import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppVersionInfo,
  AppVersionInfoQuery,
  AppVersionSaveBody,
  BatchQueryConfigDataBody,
  BatchSaveConfigDataBody,
  ConfigDataGroups,
  ConfigDataList,
  ModifyConfigStatusQuery,
  ParamAddBody,
  ParamEditBody,
  ParamListQuery,
  ParamListResult,
  Country,
  CountrySaveBody,
  Currency,
  CurrencySaveBody,
  InitData,
  ReferenceListQuery,
  Region,
  RegionSaveBody,
  SaveResult,
} from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import * as service from './service';
import * as settings from './settings';

const REFERENCE = 'system:referenceData';

export function referenceRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/shopping/initData',
    permission: 'authenticated',
    summary: 'Vocabularies with their labels',
    data: InitData,
    handler: async () => service.initData(),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/enableCurrencyList',
    permission: 'authenticated',
    summary: 'Enabled currencies with rates',
    data: z.array(Currency),
    handler: () => service.listCurrencies(db, { status: undefined, keyword: undefined }, true),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/currencyList',
    permission: REFERENCE,
    summary: 'Every currency',
    query: ReferenceListQuery,
    data: z.array(Currency),
    handler: ({ query }) => service.listCurrencies(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/config/saveCurrency',
    permission: REFERENCE,
    summary: 'Create or update a currency and its rate',
    body: CurrencySaveBody,
    data: z.null(),
    handler: ({ body, actor, now }) => service.saveCurrency(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/region/enableSelect',
    permission: 'authenticated',
    summary: 'Enabled regions (selectors)',
    data: z.array(Region),
    handler: () => service.listRegions(db, true),
  });
  api(app, {
    method: 'GET',
    url: '/api/region/list',
    permission: REFERENCE,
    summary: 'Every region',
    data: z.array(Region),
    handler: () => service.listRegions(db, false),
  });
  api(app, {
    method: 'POST',
    url: '/api/region/save',
    permission: REFERENCE,
    summary: 'Create or edit a region',
    body: RegionSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.saveRegion(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/country/list',
    permission: REFERENCE,
    summary: 'Every country',
    query: ReferenceListQuery,
    data: z.array(Country),
    handler: ({ query }) => service.listCountries(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/country/save',
    permission: REFERENCE,
    summary: 'Create or update a country',
    body: CountrySaveBody,
    data: z.null(),
    handler: ({ body, actor, now }) => service.saveCountry(db, actor, body, now).then(() => null),
  });

  // System parameters, app versions and grouped configuration data (the web's reference screens).
  api(app, {
    method: 'GET',
    url: '/api/param/pageList',
    permission: 'system:param',
    summary: 'List system parameters',
    query: ParamListQuery,
    data: ParamListResult,
    handler: ({ query }) => settings.listParams(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/param/add',
    permission: 'system:param',
    summary: 'Add a system parameter',
    body: ParamAddBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => settings.addParam(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/param/edit',
    permission: 'system:param',
    summary: 'Edit a system parameter',
    body: ParamEditBody,
    data: z.null(),
    handler: ({ body, actor, now }) => settings.editParam(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/param/modifyStatus',
    permission: 'system:param',
    summary: 'Enable or disable a system parameter',
    query: ModifyConfigStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => settings.modifyParamStatus(db, actor, query.id, query.status, now).then(() => null),
  });

  api(app, {
    method: 'GET',
    url: '/api/app/version/fetchInfo',
    permission: 'system:appVersion',
    summary: 'App versions and the latest per platform',
    query: AppVersionInfoQuery,
    data: AppVersionInfo,
    handler: ({ query }) => settings.versionInfo(db, query.platform),
  });
  api(app, {
    method: 'POST',
    url: '/api/app/version/save',
    permission: 'system:appVersion',
    summary: 'Release or edit an app version',
    body: AppVersionSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => settings.saveVersion(db, actor, body, now),
  });

  api(app, {
    method: 'POST',
    url: '/api/config/batchSaveConfigData',
    permission: 'system:referenceData',
    summary: 'Save configuration data of a group',
    body: BatchSaveConfigDataBody,
    data: z.null(),
    handler: ({ body, actor, now }) => settings.batchSaveConfigData(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/config/batchQueryConfigData',
    permission: 'system:referenceData',
    summary: 'Read configuration data of a group',
    body: BatchQueryConfigDataBody,
    data: ConfigDataList,
    handler: ({ body }) => settings.batchQueryConfigData(db, body),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/configDataGroups',
    permission: 'system:referenceData',
    summary: 'Configuration data groups',
    data: ConfigDataGroups,
    handler: () => settings.configDataGroups(db),
  });
}
