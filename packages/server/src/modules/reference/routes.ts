import type { FastifyInstance } from 'fastify';
import {
  shoppingInitDataCall,
  configEnableCurrencyListCall,
  configCurrencyListCall,
  configSaveCurrencyCall,
  regionEnableSelectCall,
  regionListCall,
  regionSaveCall,
  countryListCall,
  countrySaveCall,
  paramPageListCall,
  paramAddCall,
  paramEditCall,
  paramModifyStatusCall,
  appVersionFetchInfoCall,
  appVersionSaveCall,
  configBatchSaveConfigDataCall,
  configBatchQueryConfigDataCall,
  configConfigDataGroupsCall,
} from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import * as service from './service';
import * as settings from './settings';

const REFERENCE = 'system:referenceData';

export function referenceRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, shoppingInitDataCall, {
    permission: 'authenticated',
    summary: 'Vocabularies with their labels',
    handler: async () => service.initData(),
  });
  api(app, configEnableCurrencyListCall, {
    permission: 'authenticated',
    summary: 'Enabled currencies with rates',
    handler: () => service.listCurrencies(db, { status: undefined, keyword: undefined }, true),
  });
  api(app, configCurrencyListCall, {
    permission: REFERENCE,
    summary: 'Every currency',
    handler: ({ query }) => service.listCurrencies(db, query),
  });
  api(app, configSaveCurrencyCall, {
    permission: REFERENCE,
    summary: 'Create or update a currency and its rate',
    handler: ({ body, actor, now }) => service.saveCurrency(db, actor, body, now).then(() => null),
  });
  api(app, regionEnableSelectCall, {
    permission: 'authenticated',
    summary: 'Enabled regions (selectors)',
    handler: () => service.listRegions(db, true),
  });
  api(app, regionListCall, {
    permission: REFERENCE,
    summary: 'Every region',
    handler: () => service.listRegions(db, false),
  });
  api(app, regionSaveCall, {
    permission: REFERENCE,
    summary: 'Create or edit a region',
    handler: ({ body, actor, now }) => service.saveRegion(db, actor, body, now),
  });
  api(app, countryListCall, {
    permission: REFERENCE,
    summary: 'Every country',
    handler: ({ query }) => service.listCountries(db, query),
  });
  api(app, countrySaveCall, {
    permission: REFERENCE,
    summary: 'Create or update a country',
    handler: ({ body, actor, now }) => service.saveCountry(db, actor, body, now).then(() => null),
  });

  // System parameters, app versions and grouped configuration data (the web's reference screens).
  api(app, paramPageListCall, {
    permission: 'system:param',
    summary: 'List system parameters',
    handler: ({ query }) => settings.listParams(db, query),
  });
  api(app, paramAddCall, {
    permission: 'system:param',
    summary: 'Add a system parameter',
    handler: ({ body, actor, now }) => settings.addParam(db, actor, body, now),
  });
  api(app, paramEditCall, {
    permission: 'system:param',
    summary: 'Edit a system parameter',
    handler: ({ body, actor, now }) => settings.editParam(db, actor, body, now).then(() => null),
  });
  api(app, paramModifyStatusCall, {
    permission: 'system:param',
    summary: 'Enable or disable a system parameter',
    handler: ({ query, actor, now }) => settings.modifyParamStatus(db, actor, query.id, query.status, now).then(() => null),
  });

  api(app, appVersionFetchInfoCall, {
    permission: 'system:appVersion',
    summary: 'App versions and the latest per platform',
    handler: ({ query }) => settings.versionInfo(db, query.platform),
  });
  api(app, appVersionSaveCall, {
    permission: 'system:appVersion',
    summary: 'Release or edit an app version',
    handler: ({ body, actor, now }) => settings.saveVersion(db, actor, body, now),
  });

  api(app, configBatchSaveConfigDataCall, {
    permission: 'system:referenceData',
    summary: 'Save configuration data of a group',
    handler: ({ body, actor, now }) => settings.batchSaveConfigData(db, actor, body, now).then(() => null),
  });
  api(app, configBatchQueryConfigDataCall, {
    permission: 'system:referenceData',
    summary: 'Read configuration data of a group',
    handler: ({ body }) => settings.batchQueryConfigData(db, body),
  });
  api(app, configConfigDataGroupsCall, {
    permission: 'system:referenceData',
    summary: 'Configuration data groups',
    handler: () => settings.configDataGroups(db),
  });
}
