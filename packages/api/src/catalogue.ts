/**
 * What a category's list is, in one place: the catalogue's page asks for it, and the shell's server
 * puts its first page into the HTML under the same key (shell/server/describe.ts).
 */
import type { ServiceListFilter } from './clients/areas/services';
import type { ServiceGroupNode, ServiceGroupTreeResponse } from './contract/services';

/** Services per page of a category's list. */
export const CATEGORY_PAGE_SIZE = 20;

export type ServiceTreeName = keyof ServiceGroupTreeResponse;

export type FoundGroup = {
  node: ServiceGroupNode;
  /** `services` (analyses) or `packageServices`. */
  tree: ServiceTreeName;
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

/** A group's list in a city, before the visitor narrows it (text, gender, price order are added then). */
export function groupListFilter(node: ServiceGroupNode, settlementId: number): ServiceListFilter {
  return { settlementId, groupIds: groupIds(node) };
}
