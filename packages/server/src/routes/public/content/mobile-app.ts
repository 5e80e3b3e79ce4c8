/** /api/public/content/mobile-app: the mobile app's store links and QR codes, from the server's settings. */
import type { MobileApp } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { mobileAppLinks } from '../../../domain/mobile-app';
import { contractRoute } from '../../../http/contract-route';

export default async function mobileAppRoutes(app: FastifyInstance): Promise<void> {
  // the settings are read once at start: the codes are drawn once, at the first request
  let answer: Promise<MobileApp> | null = null;
  contractRoute(app, 'mobileApp', async () => {
    answer ??= mobileAppLinks(app.config.mobileApp);
    return answer;
  });
}
