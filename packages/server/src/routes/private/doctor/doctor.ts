/**
 * /api/private/user/doctors/self...: the doctor profile. A user without one gets 404 on every call
 * (that is how the site decides whether to offer the role switch).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readPhoto, sendImage } from '../../../domain/photo';
import { notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { requireUser } from '../../../plugins/app/auth';

export default async function doctorRoutes(app: FastifyInstance): Promise<void> {
  const doctorOf = (request: FastifyRequest): number => {
    const user = requireUser(request);
    if (user.doctorId === null) throw notFound('doctor-not-found');
    return user.doctorId;
  };

  contractRoute(app, 'doctorSelf', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const found = await app.repos.doctors.self(doctorOf(request), request.locale);
    if (!found) throw notFound('doctor-not-found');
    return found;
  });

  contractRoute(app, 'doctorPhoto', async (request, reply) => {
    const photo = await app.repos.doctors.photo(doctorOf(request));
    if (!photo) throw notFound('photo-not-found');
    return sendImage(request, reply, photo, photo.version);
  });

  contractRoute(app, 'doctorPhotoUpload', async (request) => {
    const doctorId = doctorOf(request);
    const photo = await readPhoto(request);
    return { version: await app.repos.doctors.setPhoto(doctorId, photo.bytes, photo.type) };
  });

  contractRoute(app, 'doctorManager', async (request) => app.repos.doctors.manager(doctorOf(request), request.locale));

  contractRoute(app, 'doctorWorkplaces', async (request) =>
    app.repos.doctors.workplaces(doctorOf(request), request.locale),
  );

  contractRoute(app, 'doctorWorkplaceCurrent', async (request) =>
    app.repos.doctors.currentWorkplace(doctorOf(request), request.locale),
  );

  contractRoute(app, 'doctorWorkplaceSelect', async (request) => {
    const selected = await app.repos.doctors.selectWorkplace(doctorOf(request), request.params.id, request.locale);
    if (!selected) throw notFound('workplace-not-found');
    return selected;
  });

  contractRoute(app, 'doctorSpecialization', async (request) =>
    app.repos.doctors.specialization(doctorOf(request), request.locale),
  );
}
