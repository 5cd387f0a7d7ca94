import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
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
}
