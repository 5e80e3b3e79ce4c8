/** App client's configuration call (docs/product.md#calls). */
import { type Static, Type } from '@sinclair/typebox';
import { PaymentType } from './orders';

/**
 * systemPaymentType: the payment type the checkout preselects. onlineDiscountPercent: percent off for
 * paying online (docs/product.md#constants: compared with the promo value, the larger applies), 0 when none.
 */
export const AppConfiguration = Type.Object({
  systemPaymentType: PaymentType,
  onlineDiscountPercent: Type.Number({ minimum: 0, maximum: 100 }),
});
export type AppConfiguration = Static<typeof AppConfiguration>;

// ---- real-user monitoring (POST /api/app/vitals): not one of the product's calls; what the shell reports per page view

/** Core Web Vitals and the server's first byte, as the web-vitals library names them. */
export const VitalName = Type.Union([
  Type.Literal('LCP'),
  Type.Literal('INP'),
  Type.Literal('CLS'),
  Type.Literal('TTFB'),
  Type.Literal('FCP'),
]);
export type VitalName = Static<typeof VitalName>;

/**
 * How a remote's slot failed: its manifest or entry refused, a chunk not loaded, its component threw, or
 * a file's bytes were not the released ones (its digest did not match, or it had none: `integrity`).
 */
export const RemoteFailureKind = Type.Union([
  Type.Literal('load'),
  Type.Literal('chunk'),
  Type.Literal('render'),
  Type.Literal('integrity'),
]);
export type RemoteFailureKind = Static<typeof RemoteFailureKind>;

const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$' });
const ReleaseVersion = Type.String({ pattern: '^[A-Za-z0-9.+_-]{1,80}$' });

export const VitalsBeacon = Type.Object(
  {
    /** One page load's id (a UUID the browser makes): a second report of the same view merges into the first. */
    pageViewId: Type.String({ format: 'uuid' }),
    /** The route's pattern (`/analysis/:slug`), never the visited path with its identifiers. */
    route: Type.String({ pattern: '^/[A-Za-z0-9/:*._-]{0,199}$' }),
    locale: Type.Union([Type.Literal('ua'), Type.Literal('ru')]),
    /** Every remote on the page: name -> release version ("unreleased" for a local build). */
    remotes: Type.Record(RemoteName, ReleaseVersion, { maxProperties: 12, additionalProperties: false }),
    vitals: Type.Array(
      Type.Object(
        {
          name: VitalName,
          // milliseconds (CLS: a score); a minute caps what a real page view reports
          value: Type.Number({ minimum: 0, maximum: 60000 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 10 },
    ),
    failures: Type.Array(
      Type.Object(
        {
          remote: RemoteName,
          version: ReleaseVersion,
          kind: RemoteFailureKind,
          /** What was mounted (`./SearchButton`, `./routes`). */
          module: Type.String({ pattern: '^[A-Za-z0-9./_-]{1,80}$' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    /**
     * The page view's calls of the API so far and how many failed (a 5xx answer, or none at all): the
     * totals, not what is new since the last report (the newest report's count stands).
     */
    api: Type.Optional(
      Type.Object(
        {
          calls: Type.Integer({ minimum: 0, maximum: 100000 }),
          errors: Type.Integer({ minimum: 0, maximum: 100000 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type VitalsBeacon = Static<typeof VitalsBeacon>;
