/**
 * All repositories, built on one Queryable (the database, or a transaction for a unit of work). The
 * catalogue, search and cart repositories of the next issues join this object.
 */
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';
import { createContentRepository } from './content';
import { createDiscountsRepository } from './discounts';
import { createReferenceRepository } from './reference';
import { createSettlementsRepository } from './settlements';

export interface RepositoryDeps {
  readonly clock: Clock;
}

export function createRepositories(db: Queryable, deps: RepositoryDeps) {
  return {
    settlements: createSettlementsRepository(db, deps.clock),
    content: createContentRepository(db),
    reference: createReferenceRepository(db),
    discounts: createDiscountsRepository(db, deps.clock),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
