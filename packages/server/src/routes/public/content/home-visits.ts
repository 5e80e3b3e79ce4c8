/** /api/public/order/home-visit/terms: where a nurse comes, at what price and hours (one source for the page and checkout). */
import type { HomeVisitTermsResponse } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { arrivalDays, BOOKING_DAYS_AHEAD, SAME_DAY_LEAD_MINUTES } from '../../../domain/home-visit';
import { contractRoute } from '../../../http/contract-route';
import type { Locale } from '../../../i18n/messages';

/** The terms as the page, checkout and the order read them. */
export async function homeVisitTerms(app: FastifyInstance, locale: Locale): Promise<HomeVisitTermsResponse> {
  return {
    settlements: [...(await app.repos.homeVisits.settlements(locale))],
    days: arrivalDays(),
    bookingDaysAhead: BOOKING_DAYS_AHEAD,
    sameDayLeadMinutes: SAME_DAY_LEAD_MINUTES,
  };
}

export default async function homeVisitRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'homeVisitTerms', async (request) => homeVisitTerms(app, request.locale));
}
