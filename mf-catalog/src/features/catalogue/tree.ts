import type { ServiceGroupNode, ServiceGroupTreeResponse } from '@lab/api';

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
