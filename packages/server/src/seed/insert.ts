/**
 * Writes a SeedData into the database in one transaction. Re-runnable: rows are upserted by their
 * natural keys (settlement sourceId, branch settlement+address, slug, code, key, menu type), ids stay
 * stable, the links of the seeded services (groups, materials, package contents, additional services)
 * and the seeded menus' items are replaced, and prices are recomputed for every service in every
 * settlement (seed/prices.ts). Rows missing from the data are left alone; promo codes keep their
 * usage counters.
 */
import type { ScheduleDay } from '@lab/api/contract';
import type { Database, Queryable, SqlValue } from '../db/database';
import { LOCK_KEYS } from '../db/locks';
import { PRICE_SQL, priceCoefficient } from './prices';
import type { SeedData, SeedMenuItem, Text, Weekday, WeekSchedule } from './types';

export interface SeedSummary {
  settlements: number;
  branches: number;
  groups: number;
  materials: number;
  services: number;
  prices: number;
  menuItems: number;
  articles: number;
  news: number;
  documents: number;
  equipment: number;
  genders: number;
  specializations: number;
  promoCodes: number;
  preparationRules: number;
}

type Column = string | { readonly name: string; readonly cast: string };

interface UpsertSpec {
  readonly table: string;
  readonly columns: readonly Column[];
  /** The natural key: ON CONFLICT target, also checked for duplicates in the data. */
  readonly conflict: readonly string[];
  /** Columns left as they are on conflict (besides the key). */
  readonly keep?: readonly string[];
  /** The table has updated_at, set to now() on conflict. */
  readonly touch?: boolean;
  readonly returning?: string;
}

/** Rows per statement: PostgreSQL takes at most 65535 parameters. */
const PARAMS_PER_STATEMENT = 20_000;

const columnName = (column: Column): string => (typeof column === 'string' ? column : column.name);

/** Multi-row INSERT ... ON CONFLICT DO UPDATE, in chunks; returns the RETURNING rows. */
async function upsert<T extends object>(tx: Queryable, spec: UpsertSpec, rows: readonly SqlValue[][]): Promise<T[]> {
  const names = spec.columns.map(columnName);
  const keyIndexes = spec.conflict.map((key) => names.indexOf(key));
  const seen = new Set<string>();
  for (const row of rows) {
    const key = JSON.stringify(keyIndexes.map((index) => row[index]));
    if (seen.has(key)) throw new Error(`Seed data: duplicate ${spec.table} (${spec.conflict.join(', ')}) = ${key}`);
    seen.add(key);
  }
  const updated = names.filter((name) => !spec.conflict.includes(name) && !spec.keep?.includes(name));
  const assignments = (updated.length > 0 ? updated : [names[0] as string]).map((name) => `${name} = EXCLUDED.${name}`);
  if (spec.touch) assignments.push('updated_at = now()');
  const chunkSize = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / names.length));
  const result: T[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params: SqlValue[] = [];
    const values = chunk.map((row) => {
      const placeholders = spec.columns.map((column, index) => {
        params.push(row[index] ?? null);
        const cast = typeof column === 'string' ? '' : `::${column.cast}`;
        return `$${params.length}${cast}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const sql = `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES ${values.join(', ')}
      ON CONFLICT (${spec.conflict.join(', ')}) DO UPDATE SET ${assignments.join(', ')}
      ${spec.returning ? `RETURNING ${spec.returning}` : ''}`;
    result.push(...(await tx.query<T>(sql, params)));
  }
  return result;
}

/** Plain multi-row INSERT in chunks (link tables, after their old rows were deleted). */
async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: readonly SqlValue[][]) {
  const chunkSize = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns.length));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params: SqlValue[] = [];
    const values = chunk.map(
      (row) =>
        `(${columns
          .map((_, index) => {
            params.push(row[index] ?? null);
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

function idMap(rows: ReadonlyArray<{ id: number; key: string }>): Map<string, number> {
  return new Map(rows.map((row) => [row.key, row.id]));
}

function lookup(map: Map<string, number>, key: string, what: string, owner: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed data: ${owner} refers to unknown ${what} "${key}"`);
  return id;
}

const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '8:00' -> '08:00'; '24:00' -> '00:00' (midnight at the end of the day). */
function normalizeTime(value: string, owner: string): string {
  const [h = '', m = ''] = value.trim().split(':');
  const time = `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;
  const normalized = time === '24:00' ? '00:00' : time;
  if (!TIME.test(normalized)) throw new Error(`Seed data: ${owner} has a bad time "${value}"`);
  return normalized;
}

/** The seed's { mon: { open, close } } -> the contract's ScheduleDay[] (all seven days). */
export function toScheduleDays(schedule: WeekSchedule, owner = 'branch'): ScheduleDay[] {
  return WEEKDAYS.map((day, index) => {
    const hours = schedule[day];
    return hours
      ? { weekday: index + 1, opensAt: normalizeTime(hours.open, owner), closesAt: normalizeTime(hours.close, owner) }
      : { weekday: index + 1, opensAt: null, closesAt: null };
  });
}

/** Plain text of trusted HTML, shortened for a meta description. */
export function excerpt(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const texts = (text: Text): [string, string] => [text.uk, text.ru];
const seoTexts = (title: Text, body: Text): SqlValue[] => [title.uk, title.ru, excerpt(body.uk), excerpt(body.ru)];

export async function insertSeed(
  db: Database,
  data: SeedData,
  options: { log?: (line: string) => void } = {},
): Promise<SeedSummary> {
  const started = Date.now();
  const summary = await db.transaction(async (tx) => {
    // one seed at a time across processes (the CLI next to a starting server): the upserts are
    // idempotent, but two runs replacing the same link rows and menus would interleave
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.seed]);
    return insertAll(tx, data);
  });
  // fresh planner statistics: PGlite has no autovacuum, and without them the planner scans whole
  // tables instead of using the search indexes
  await db.exec('ANALYZE');
  options.log?.(
    `seeded ${summary.settlements} settlements, ${summary.branches} branches, ${summary.services} services, ` +
      `${summary.prices} prices in ${Date.now() - started} ms`,
  );
  return summary;
}

async function insertAll(tx: Queryable, data: SeedData): Promise<SeedSummary> {
  // ---- settlements and branches
  const settlementRows = await upsert<{ id: number; key: string }>(
    tx,
    {
      table: 'settlements',
      columns: ['source_id', 'title_uk', 'title_ru', 'lat', 'lon', 'price_coefficient'],
      conflict: ['source_id'],
      touch: true,
      returning: 'id, source_id AS key',
    },
    data.settlements.map((s) => [s.sourceId, ...texts(s.title), s.lat, s.lon, priceCoefficient(s.sourceId)]),
  );
  const settlementIds = idMap(settlementRows);

  const branchCounters = new Map<string, number>();
  await upsert(
    tx,
    {
      table: 'branches',
      columns: [
        'settlement_id',
        'address_uk',
        'title_uk',
        'title_ru',
        'address_ru',
        'lat',
        'lon',
        'phone',
        { name: 'schedule', cast: 'jsonb' },
        'covid_test',
        'child_nurse',
        'card_terminal',
        'ramp',
        'gynecological_chair',
        'urogenital_male',
        'every_day',
        'partner',
        'sort_order',
      ],
      conflict: ['settlement_id', 'address_uk'],
      touch: true,
    },
    data.branches.map((b) => {
      const order = branchCounters.get(b.settlementSourceId) ?? 0;
      branchCounters.set(b.settlementSourceId, order + 1);
      const owner = `branch "${b.address.uk}"`;
      return [
        lookup(settlementIds, b.settlementSourceId, 'settlement', owner),
        b.address.uk,
        // the seed has no branch names: the card's title is its address
        b.address.uk,
        b.address.ru,
        b.address.ru,
        b.lat,
        b.lon,
        b.phone,
        JSON.stringify(toScheduleDays(b.schedule, owner)),
        b.services.covidTest,
        b.services.childNurse,
        b.services.cardTerminal,
        b.services.ramp,
        b.services.gynecologicalChair,
        b.services.urogenitalMale,
        b.services.everyDay,
        b.partner,
        order,
      ];
    }),
  );

  // ---- groups: upsert, then parents, then the id-path keys
  const groupRows = await upsert<{ id: number; key: string }>(
    tx,
    {
      table: 'service_groups',
      columns: ['slug', 'tree', 'title_uk', 'title_ru', 'description_uk', 'description_ru', 'sort_order'],
      conflict: ['slug'],
      touch: true,
      returning: 'id, slug AS key',
    },
    data.groups.map((g, index) => [g.slug, g.tree, ...texts(g.title), ...texts(g.description), index]),
  );
  const groupIds = idMap(groupRows);
  for (const group of data.groups) {
    if (group.parentSlug === null) continue;
    const parent = data.groups.find((g) => g.slug === group.parentSlug);
    if (!parent) throw new Error(`Seed data: group "${group.slug}" has unknown parent "${group.parentSlug}"`);
    if (parent.tree !== group.tree)
      throw new Error(`Seed data: group "${group.slug}" is in another tree than its parent`);
  }
  if (data.groups.length > 0) {
    await tx.query(
      `UPDATE service_groups g SET parent_id = p.id
         FROM unnest($1::text[], $2::text[]) AS v(slug, parent_slug)
         LEFT JOIN service_groups p ON p.slug = v.parent_slug
        WHERE g.slug = v.slug AND g.parent_id IS DISTINCT FROM p.id`,
      [data.groups.map((g) => g.slug), data.groups.map((g) => g.parentSlug)],
    );
  }
  await tx.query(
    `WITH RECURSIVE paths AS (
       SELECT id, id::text AS key FROM service_groups WHERE parent_id IS NULL
       UNION ALL
       SELECT g.id, p.key || '.' || g.id FROM service_groups g JOIN paths p ON g.parent_id = p.id
     )
     UPDATE service_groups g SET key = paths.key FROM paths WHERE g.id = paths.id AND g.key <> paths.key`,
  );

  // ---- materials and services
  const materialRows = await upsert<{ id: number; key: string }>(
    tx,
    {
      table: 'materials',
      columns: ['key', 'title_uk', 'title_ru'],
      conflict: ['key'],
      returning: 'id, key',
    },
    data.materials.map((m) => [m.key, ...texts(m.title)]),
  );
  const materialIds = idMap(materialRows);

  const serviceRows = await upsert<{ id: number; key: string }>(
    tx,
    {
      table: 'services',
      columns: [
        'code',
        'slug',
        'title_uk',
        'title_ru',
        'description_uk',
        'description_ru',
        'package_service',
        'gender',
        'turnaround_days',
        'preparation_uk',
        'preparation_ru',
        'fasting_hours',
        'fasting_rule_only',
        'base_price',
        'discount_percent',
        'popularity',
        'sort_order',
      ],
      conflict: ['code'],
      touch: true,
      returning: 'id, code AS key',
    },
    data.services.map((s, index) => [
      s.code,
      s.slug,
      ...texts(s.title),
      ...texts(s.description),
      s.packageService,
      s.gender,
      s.turnaroundDays,
      s.preparation.uk.trim() === '' ? null : s.preparation.uk,
      s.preparation.ru.trim() === '' ? null : s.preparation.ru,
      s.fastingHours,
      s.fastingRuleOnly,
      s.basePrice,
      s.discountPercent !== null && s.discountPercent > 0 ? s.discountPercent : null,
      s.popularity,
      index,
    ]),
  );
  const seededServiceIds = serviceRows.map((row) => row.id);
  // package contents and additional services may name services seeded earlier
  const allServiceIds = idMap(await tx.query<{ id: number; key: string }>('SELECT id, code AS key FROM services'));

  await tx.query('DELETE FROM service_group_items WHERE service_id = ANY($1::int[])', [seededServiceIds]);
  await tx.query('DELETE FROM service_materials WHERE service_id = ANY($1::int[])', [seededServiceIds]);
  await tx.query('DELETE FROM package_items WHERE package_id = ANY($1::int[])', [seededServiceIds]);
  await tx.query('DELETE FROM additional_services WHERE service_id = ANY($1::int[])', [seededServiceIds]);
  const groupLinks: SqlValue[][] = [];
  const materialLinks: SqlValue[][] = [];
  const packageLinks: SqlValue[][] = [];
  const additionalLinks: SqlValue[][] = [];
  for (const service of data.services) {
    const owner = `service ${service.code}`;
    const id = lookup(allServiceIds, service.code, 'service', owner);
    [...new Set(service.groupSlugs)].forEach((slug, index) => {
      groupLinks.push([lookup(groupIds, slug, 'group', owner), id, index]);
    });
    [...new Set(service.materialKeys)].forEach((key, index) => {
      materialLinks.push([id, lookup(materialIds, key, 'material', owner), index]);
    });
    [...new Set(service.includes)].forEach((code, index) => {
      if (code !== service.code) packageLinks.push([id, lookup(allServiceIds, code, 'service', owner), index]);
    });
    [...new Set(service.additional)].forEach((code, index) => {
      if (code !== service.code) additionalLinks.push([id, lookup(allServiceIds, code, 'service', owner), index]);
    });
  }
  await insertRows(tx, 'service_group_items', ['group_id', 'service_id', 'sort_order'], groupLinks);
  await insertRows(tx, 'service_materials', ['service_id', 'material_id', 'sort_order'], materialLinks);
  await insertRows(tx, 'package_items', ['package_id', 'service_id', 'sort_order'], packageLinks);
  await insertRows(tx, 'additional_services', ['service_id', 'additional_service_id', 'sort_order'], additionalLinks);

  // ---- prices of every service in every settlement
  const prices = await tx.query<{ n: number }>(
    `WITH upserted AS (
       INSERT INTO service_prices (settlement_id, service_id, price, full_price)
       SELECT st.id, s.id, ${PRICE_SQL.price}, ${PRICE_SQL.full}
         FROM services s CROSS JOIN settlements st
       ON CONFLICT (settlement_id, service_id)
       DO UPDATE SET price = EXCLUDED.price, full_price = EXCLUDED.full_price
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM upserted`,
  );

  // ---- menus
  let menuItems = 0;
  for (const menu of data.menus) {
    const { id: menuId } = await tx.one<{ id: number }>(
      `INSERT INTO menus (type) VALUES ($1) ON CONFLICT (type) DO UPDATE SET enabled = menus.enabled RETURNING id`,
      [menu.type],
    );
    await tx.query('DELETE FROM menu_items WHERE menu_id = $1', [menuId]);
    const insertItems = async (items: readonly SeedMenuItem[], parentId: number | null): Promise<void> => {
      for (const [index, item] of items.entries()) {
        const { id } = await tx.one<{ id: number }>(
          `INSERT INTO menu_items (menu_id, parent_id, title_uk, title_ru, href, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [menuId, parentId, item.title?.uk ?? null, item.title?.ru ?? null, item.href, index],
        );
        menuItems++;
        await insertItems(item.children, id);
      }
    };
    await insertItems(menu.items, null);
  }

  // ---- content
  await upsert(
    tx,
    {
      table: 'articles',
      columns: [
        'slug',
        'type',
        'title_uk',
        'title_ru',
        'content_uk',
        'content_ru',
        'seo_title_uk',
        'seo_title_ru',
        'seo_description_uk',
        'seo_description_ru',
        'sort_order',
      ],
      conflict: ['slug'],
      touch: true,
    },
    data.articles.map((a, index) => [
      a.slug,
      a.type,
      ...texts(a.title),
      ...texts(a.body),
      ...seoTexts(a.title, a.body),
      index,
    ]),
  );
  await upsert(
    tx,
    {
      table: 'news',
      columns: [
        'slug',
        'type',
        'title_uk',
        'title_ru',
        'summary_uk',
        'summary_ru',
        'content_uk',
        'content_ru',
        'image',
        { name: 'published_at', cast: 'timestamptz' },
        'seo_title_uk',
        'seo_title_ru',
        'seo_description_uk',
        'seo_description_ru',
      ],
      conflict: ['slug'],
      touch: true,
    },
    data.news.map((n) => [
      n.slug,
      n.type,
      ...texts(n.title),
      ...texts(n.summary),
      ...texts(n.body),
      n.image,
      n.publishedAt,
      ...seoTexts(n.title, n.summary),
    ]),
  );
  await upsert(
    tx,
    {
      table: 'documents',
      columns: [
        'slug',
        'type',
        'title_uk',
        'title_ru',
        'content_uk',
        'content_ru',
        { name: 'date_of_receiving', cast: 'date' },
        'image',
        'seo_title_uk',
        'seo_title_ru',
        'seo_description_uk',
        'seo_description_ru',
        'sort_order',
      ],
      conflict: ['slug'],
      touch: true,
    },
    data.documents.map((d, index) => [
      d.slug,
      d.type,
      ...texts(d.title),
      ...texts(d.body),
      d.dateOfReceiving,
      d.image,
      ...seoTexts(d.title, d.body),
      index,
    ]),
  );
  await upsert(
    tx,
    {
      table: 'equipment',
      columns: ['title_uk', 'title_ru', 'description_uk', 'description_ru', 'manufacturer', 'image', 'sort_order'],
      conflict: ['title_uk'],
    },
    data.equipment.map((e, index) => [...texts(e.title), ...texts(e.description), e.manufacturer, e.image, index]),
  );

  // ---- reference lists and promo codes
  await upsert(
    tx,
    { table: 'genders', columns: ['code', 'title_uk', 'title_ru', 'enabled', 'sort_order'], conflict: ['code'] },
    data.genders.map((g, index) => [g.code, ...texts(g.title), g.enabled, index]),
  );
  await upsert(
    tx,
    { table: 'specializations', columns: ['code', 'title_uk', 'title_ru'], conflict: ['code'] },
    data.specializations.map((s) => [s.code, ...texts(s.title)]),
  );
  await upsert(
    tx,
    {
      table: 'promo_codes',
      columns: [
        'code',
        'fraction',
        { name: 'valid_from', cast: 'date' },
        { name: 'valid_to', cast: 'date' },
        'max_uses',
        'used',
        'with_sales',
      ],
      conflict: ['code'],
      keep: ['used'],
    },
    data.promoCodes.map((p) => [
      p.code.trim().toUpperCase(),
      p.fraction,
      p.validFrom,
      p.validTo,
      p.maxUses,
      p.used,
      p.withSales ?? true,
    ]),
  );
  // a promotion's news item points at its code (the code's days, value and scope are the item's)
  for (const item of data.news) {
    await tx.query('UPDATE news SET promo_code_id = (SELECT id FROM promo_codes WHERE code = $2) WHERE slug = $1', [
      item.slug,
      item.promoCode?.trim().toUpperCase() ?? null,
    ]);
  }
  // a promo's scope: its groups, as the data lists them now
  const scoped = data.promoCodes.map((p) => ({ code: p.code.trim().toUpperCase(), groups: p.groups ?? [] }));
  await tx.query(
    'DELETE FROM promo_code_groups WHERE promo_code_id IN (SELECT id FROM promo_codes WHERE code = ANY($1::text[]))',
    [scoped.map((p) => p.code)],
  );
  const scopeRows = scoped.flatMap((p) => p.groups.map((slug) => [p.code, lookup(groupIds, slug, 'group', p.code)]));
  for (const [code, groupId] of scopeRows) {
    await tx.query(
      'INSERT INTO promo_code_groups (promo_code_id, group_id) SELECT id, $2 FROM promo_codes WHERE code = $1',
      [code as string, groupId as number],
    );
  }
  // home visits: the listed settlements and their prices; the others have none
  await tx.query('DELETE FROM home_visit_settlements');
  for (const [index, visit] of (data.homeVisits ?? []).entries()) {
    await tx.query('INSERT INTO home_visit_settlements (settlement_id, price, sort_order) VALUES ($1, $2, $3)', [
      lookup(settlementIds, visit.settlement, 'settlement', 'home visits'),
      visit.price,
      index,
    ]);
  }
  const preparationRules = data.preparationRules ?? [];
  await upsert(
    tx,
    {
      table: 'preparation_rules',
      columns: ['key', 'title_uk', 'title_ru', 'content_uk', 'content_ru', 'sort_order'],
      conflict: ['key'],
    },
    preparationRules.map((r, index) => [r.key, ...texts(r.title), ...texts(r.content), index]),
  );

  return {
    settlements: data.settlements.length,
    branches: data.branches.length,
    groups: data.groups.length,
    materials: data.materials.length,
    services: data.services.length,
    prices: prices[0]?.n ?? 0,
    menuItems,
    articles: data.articles.length,
    news: data.news.length,
    documents: data.documents.length,
    equipment: data.equipment.length,
    genders: data.genders.length,
    specializations: data.specializations.length,
    promoCodes: data.promoCodes.length,
    preparationRules: preparationRules.length,
  };
}

/** True when the database has never been seeded (no settlements). */
export async function isEmpty(db: Queryable): Promise<boolean> {
  const row = await db.maybeOne('SELECT 1 FROM settlements LIMIT 1');
  return row === null;
}
