/**
 * /api/private/admin-app/registries/self... and /registry/registries/self...: the patient's orders and
 * the doctor's referrals, one order, its results, a patient's history and one indicator's dynamics.
 * A patient sees their own and their wards' orders; a doctor the orders they referred. Whatever lies
 * outside answers 404 exactly like what does not exist, except to a doctor who took the order through a
 * link that no longer opens: they are told why, as the link itself tells them. Every read is written to the audit log (who,
 * what, when, from where; never the results themselves).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { closedShareError } from '../../../auth/share-access';
import { resultsBundle } from '../../../domain/results-fhir';
import { resultsPdf } from '../../../domain/results-pdf';
import { AppError, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { clientOf, requestOrigin, requireUser } from '../../../plugins/app/auth';
import type { AuditEvent } from '../../../repositories/audit';
import type { OrderScope } from '../../../repositories/orders';
import type { ResultsScope } from '../../../repositories/results';
import { csvIds } from '../../../repositories/sql';

export default async function registryRoutes(app: FastifyInstance): Promise<void> {
  const scopeOf = (request: FastifyRequest): ResultsScope => {
    const user = requireUser(request);
    return { userId: user.userId, doctorId: user.doctorId };
  };

  const audit = async (
    request: FastifyRequest,
    event: AuditEvent,
    subjectId: string | number | null,
    found: boolean,
  ): Promise<void> => {
    const user = requireUser(request);
    const client = clientOf(request);
    await app.repos.audit.record({
      event,
      outcome: found ? 'success' : 'failure',
      userId: user.userId,
      subjectId,
      reason: found ? null : 'not-found',
      ip: client.ip,
      userAgent: client.userAgent,
    });
  };

  /** The refusal of an order out of reach (audited by the caller). */
  const missing = async (request: FastifyRequest, registryId: number): Promise<AppError> => {
    const { doctorId } = scopeOf(request);
    const closed = doctorId === null ? null : await app.repos.shares.closedForDoctor(doctorId, registryId);
    return closed ? closedShareError(closed) : notFound('registry-not-found');
  };

  /** My orders (patient) or my referrals (doctor). */
  const listScope = (request: FastifyRequest, customerType: 'doctor' | 'patient' | undefined): OrderScope => {
    const user = requireUser(request);
    const type = customerType ?? (user.patientId === null && user.doctorId !== null ? 'doctor' : 'patient');
    if (type === 'doctor') {
      if (user.doctorId === null) throw new AppError(403, 'forbidden', 'customer-type-forbidden', 'customer-type');
      return { doctorId: user.doctorId };
    }
    return { userId: user.userId };
  };

  contractRoute(app, 'registriesList', async (request) => {
    const q = request.query;
    const page = await app.repos.orders.list(
      listScope(request, q['customer-type']),
      {
        page: q.page ?? 0,
        size: q.size ?? 20,
        onSite: q['on-site'] === true,
        dateFrom: q['date-from'],
        dateTo: q['date-to'],
        query: q.query,
        serviceIds: csvIds(q['service-ids'], 'service-ids'),
      },
      request.locale,
    );
    await audit(request, 'registries-list', q['customer-type'], true);
    return page;
  });

  contractRoute(app, 'registriesCount', async (request) => {
    const q = request.query;
    const count = await app.repos.orders.count(listScope(request, q['customer-type']), {
      dateFrom: q['date-from'],
      dateTo: q['date-to'],
    });
    await audit(request, 'registries-count', q['customer-type'] ?? null, true);
    return { count };
  });

  contractRoute(app, 'registryOrder', async (request) => {
    const { id } = request.params;
    const order = await app.repos.orders.get({ registryId: id }, scopeOf(request), request.locale);
    await audit(request, 'registry-read', id, order !== null);
    if (!order) throw await missing(request, id);
    return order;
  });

  contractRoute(app, 'registry', async (request) => {
    const { id } = request.params;
    const registry = await app.repos.results.registry(id, scopeOf(request), request.locale);
    await audit(request, 'results-read', id, registry !== null);
    if (!registry) throw await missing(request, id);
    return registry;
  });

  contractRoute(app, 'registryResults', async (request) => {
    const { id } = request.params;
    const rows = await app.repos.results.rows(id, scopeOf(request), request.locale);
    await audit(request, 'results-read', id, rows !== null);
    if (!rows) throw await missing(request, id);
    return rows;
  });

  contractRoute(app, 'registryResultsPdf', async (request, reply) => {
    const { id } = request.params;
    const scope = scopeOf(request);
    const [registry, order, details] = await Promise.all([
      app.repos.results.registry(id, scope, request.locale),
      app.repos.orders.get({ registryId: id }, scope, request.locale),
      app.repos.results.pdfDetails(id),
    ]);
    await audit(request, 'results-pdf', id, registry !== null && order !== null);
    if (!registry || !order || !details) throw await missing(request, id);
    const pdf = await resultsPdf({
      registry,
      order,
      details,
      resultsUrl: `${requestOrigin(request)}/account/results/${id}`,
      locale: request.locale,
    });
    void reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="results-${registry.number}.pdf"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  });

  // the same scope and audit as the PDF: another user's order answers 404 like one that does not exist
  contractRoute(app, 'registryResultsFhir', async (request, reply) => {
    const { id } = request.params;
    const source = await app.repos.results.fhirSource(id, scopeOf(request), request.locale);
    await audit(request, 'results-fhir', id, source !== null);
    if (!source) throw await missing(request, id);
    const bundle = resultsBundle({
      ...source,
      labName: app.config.results.labName,
      publicUrl: app.config.results.publicUrl,
      language: request.locale,
      now: app.clock().toISOString(),
    });
    void reply
      .type('application/fhir+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="results-${source.orderNumber}.fhir.json"`)
      .header('cache-control', 'private, no-store');
    return Buffer.from(JSON.stringify(bundle, null, 2), 'utf8');
  });

  contractRoute(app, 'patientRegistries', async (request) => {
    const { id } = request.params;
    const scope = scopeOf(request);
    const visible = await app.repos.results.patientVisible(id, scope);
    await audit(request, 'patient-registries-read', id, visible);
    if (!visible) throw notFound('patient-not-found');
    const q = request.query;
    return app.repos.results.patientRegistries(
      id,
      scope,
      { page: q.page ?? 0, size: q.size ?? 20, dateFrom: q['date-from'], dateTo: q['date-to'], query: q.query },
      request.locale,
    );
  });

  contractRoute(app, 'patientRegistriesCount', async (request) => {
    const { id } = request.params;
    const scope = scopeOf(request);
    const visible = await app.repos.results.patientVisible(id, scope);
    await audit(request, 'patient-registries-read', id, visible);
    if (!visible) throw notFound('patient-not-found');
    const q = request.query;
    return {
      count: await app.repos.results.patientRegistriesCount(id, scope, {
        dateFrom: q['date-from'],
        dateTo: q['date-to'],
        query: q.query,
      }),
    };
  });

  contractRoute(app, 'analysisDynamics', async (request) => {
    const { patientId, analysisId } = request.params;
    const dynamics = await app.repos.results.dynamics(patientId, analysisId, scopeOf(request), request.locale);
    await audit(request, 'dynamics-read', `${patientId}/${analysisId}`, dynamics !== null);
    if (!dynamics) throw notFound('registry-not-found');
    return dynamics;
  });
}
