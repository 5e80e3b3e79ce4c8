/**
 * All repositories, built on one Queryable (the database, or a transaction for a unit of work). The
 * catalogue, search and cart repositories of the next issues join this object.
 */
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';
import { createAuditRepository } from './audit';
import { createAuthRepository } from './auth';
import { createCartsRepository } from './carts';
import type { CatalogueMemo } from './catalogue-memo';
import { createContentRepository } from './content';
import { createDiscountsRepository } from './discounts';
import { createDoctorsRepository } from './doctors';
import { createGroupsRepository } from './groups';
import { createHomeVisitsRepository } from './home-visits';
import { createLisRepository } from './lis';
import { createOrdersRepository } from './orders';
import { createPatientsRepository } from './patients';
import { createPaymentsRepository } from './payments';
import { createReferenceRepository } from './reference';
import { createResultsRepository } from './results';
import { createSearchRepository } from './search';
import { createServicesRepository } from './services';
import { createSessionsRepository } from './sessions';
import { createSettlementsRepository } from './settlements';
import { createSharesRepository } from './shares';
import { createVitalsRepository } from './vitals';

export interface RepositoryDeps {
  readonly clock: Clock;
  /** The app's memo of the catalogue's dear statements; none in units of work and when caching is off. */
  readonly catalogueMemo?: CatalogueMemo;
}

export function createRepositories(db: Queryable, deps: RepositoryDeps) {
  return {
    settlements: createSettlementsRepository(db, deps.clock),
    content: createContentRepository(db),
    reference: createReferenceRepository(db),
    discounts: createDiscountsRepository(db, deps.clock),
    homeVisits: createHomeVisitsRepository(db),
    // catalogue, search, carts (issue "API server, part 1")
    groups: createGroupsRepository(db),
    services: createServicesRepository(db, deps.catalogueMemo ?? null),
    search: createSearchRepository(db, deps.clock, deps.catalogueMemo ?? null),
    carts: createCartsRepository(db, deps.clock),
    // accounts, sign-in, orders, results (issue "API server, part 2")
    auth: createAuthRepository(db, deps.clock),
    sessions: createSessionsRepository(db, deps.clock),
    audit: createAuditRepository(db, deps.clock),
    patients: createPatientsRepository(db),
    doctors: createDoctorsRepository(db),
    orders: createOrdersRepository(db, deps.clock),
    payments: createPaymentsRepository(db, deps.clock),
    results: createResultsRepository(db, deps.clock),
    shares: createSharesRepository(db, deps.clock),
    // the laboratory's information systems and their keys (results intake)
    lis: createLisRepository(db, deps.clock),
    // real-user monitoring (issue "Operations")
    vitals: createVitalsRepository(db, deps.clock),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
