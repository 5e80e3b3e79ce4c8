/**
 * The seed data: realistic Ukrainian data for the storefront, independent of the database.
 * seed/insert.ts writes `seedData`; `syntheticServices(n, seedData)` adds n more analyses for
 * the benchmark option `--scale N`.
 */
import type { SeedData } from '../types';
import { branches } from './branches';
import { articles, documents, equipment, menus, news } from './content';
import { groups } from './groups';
import { materials } from './materials';
import { packages } from './packages';
import { preparationRules } from './preparation-rules';
import { genders, homeVisits, promoCodes, specializations } from './reference';
import { analyses, procedures } from './services';
import { settlements } from './settlements';

export { syntheticServices } from './synthetic';

export const seedData: SeedData = {
  settlements,
  branches,
  groups,
  materials,
  services: [...procedures, ...analyses, ...packages],
  menus,
  articles,
  news,
  documents,
  equipment,
  genders,
  specializations,
  promoCodes,
  preparationRules,
  homeVisits,
};
