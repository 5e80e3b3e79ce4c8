/** Service groups (categories): the two trees, and the genealogy (breadcrumb path) of a service. */
import type { Genealogy, GenealogyGroup, ServiceGroupNode, ServiceGroupTreeResponse } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { localized } from './sql';

/** The contract spells the tree out four levels deep; deeper groups are not sent. */
export const GROUP_TREE_DEPTH = 4;

type GroupRow = {
  id: number;
  parentId: number | null;
  tree: 'services' | 'packageServices';
  slug: string;
  key: string;
  title: string;
};

function buildNodes(rows: readonly GroupRow[], parentId: number | null, depth: number): ServiceGroupNode[] {
  return rows
    .filter((row) => row.parentId === parentId)
    .map((row) => ({
      groupId: row.id,
      slug: row.slug,
      key: row.key || String(row.id),
      title: row.title,
      childNodes: depth < GROUP_TREE_DEPTH ? buildNodes(rows, row.id, depth + 1) : [],
    }));
}

type GenealogyRow = { serviceId: number; groups: GenealogyGroup[] };

export function createGroupsRepository(db: Queryable) {
  return {
    /** Both trees of enabled groups in catalogue order (a disabled group hides its subtree). */
    async tree(locale: Locale): Promise<ServiceGroupTreeResponse> {
      const rows = await db.query<GroupRow>(
        `SELECT g.id, g.parent_id AS "parentId", g.tree, g.slug, g.key, ${localized('g.title', locale)} AS title
           FROM service_groups g
          WHERE g.enabled
          ORDER BY g.sort_order, g.id`,
      );
      return {
        services: buildNodes(
          rows.filter((row) => row.tree === 'services'),
          null,
          1,
        ),
        packageServices: buildNodes(
          rows.filter((row) => row.tree === 'packageServices'),
          null,
          1,
        ),
      };
    },

    async exists(groupId: number): Promise<boolean> {
      return (await db.maybeOne('SELECT 1 FROM service_groups WHERE id = $1 AND enabled', [groupId])) !== null;
    },

    /**
     * For each enabled service of `ids` (others are left out, order kept): the path from the root to
     * its deepest group (the first of equally deep ones in the service's own order); empty when the
     * service is in no group.
     */
    async genealogies(ids: readonly number[], locale: Locale): Promise<Genealogy[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<GenealogyRow>(
        `WITH RECURSIVE deepest AS (
           SELECT DISTINCT ON (s.id) s.id AS service_id, g.id AS group_id
             FROM services s
             JOIN service_group_items gi ON gi.service_id = s.id
             JOIN service_groups g ON g.id = gi.group_id AND g.enabled
            WHERE s.id = ANY($1::int[])
            ORDER BY s.id, length(g.key) - length(replace(g.key, '.', '')) DESC, gi.sort_order, g.id
         ),
         path AS (
           SELECT d.service_id, g.id, g.parent_id, g.slug, ${localized('g.title', locale)} AS title, 0 AS up
             FROM deepest d JOIN service_groups g ON g.id = d.group_id
           UNION ALL
           SELECT p.service_id, g.id, g.parent_id, g.slug, ${localized('g.title', locale)} AS title, p.up + 1
             FROM path p JOIN service_groups g ON g.id = p.parent_id
            WHERE p.up < 10
         )
         SELECT s.id AS "serviceId",
                coalesce((SELECT jsonb_agg(jsonb_build_object('groupId', p.id, 'slug', p.slug, 'title', p.title)
                                          ORDER BY p.up DESC)
                            FROM path p WHERE p.service_id = s.id), '[]'::jsonb) AS groups
           FROM services s
          WHERE s.id = ANY($1::int[]) AND s.enabled AND s.show_on_site`,
        [[...ids]],
      );
      const byId = new Map(rows.map((row) => [row.serviceId, row]));
      return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
