import type { GenderRestriction, ServiceCard, ServiceGroupNode, ServiceGroupTreeResponse } from '@lab/api';

export type TreeName = keyof ServiceGroupTreeResponse;

export type FoundGroup = {
  node: ServiceGroupNode;
  /** `services` (analyses) or `packageServices`. */
  tree: TreeName;
  /** The groups above it, root first. */
  ancestors: ServiceGroupNode[];
};

/** The group with this slug in either tree, with where it sits. */
export function findGroup(trees: ServiceGroupTreeResponse, slug: string): FoundGroup | null {
  const walk = (nodes: readonly ServiceGroupNode[], ancestors: ServiceGroupNode[]): Omit<FoundGroup, 'tree'> | null => {
    for (const node of nodes) {
      if (node.slug === slug) return { node, ancestors };
      const found = walk(node.childNodes, [...ancestors, node]);
      if (found) return found;
    }
    return null;
  };
  for (const tree of ['services', 'packageServices'] as const) {
    const found = walk(trees[tree], []);
    if (found) return { ...found, tree };
  }
  return null;
}

/** The group's id and every descendant's, so a list of a parent group holds its subgroups' services. */
export function groupIds(node: ServiceGroupNode): number[] {
  return [node.groupId, ...node.childNodes.flatMap(groupIds)];
}

export type GenderFilter = 'all' | 'male' | 'female';
export type PriceSort = 'default' | 'price-asc' | 'price-desc';

/** Men / women: a service restricted to the other gender is left out; unrestricted ones stay. */
export function matchesGender(gender: GenderRestriction, filter: GenderFilter): boolean {
  return filter === 'all' || gender === null || gender === filter;
}

const amount = (service: ServiceCard) => service.price?.price.price ?? null;

/** Sorted by the current price; services without a price in the city go last. Stable otherwise. */
export function sortByPrice(services: readonly ServiceCard[], sort: PriceSort): ServiceCard[] {
  if (sort === 'default') return [...services];
  const direction = sort === 'price-asc' ? 1 : -1;
  return [...services].sort((a, b) => {
    const left = amount(a);
    const right = amount(b);
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return (left - right) * direction;
  });
}
