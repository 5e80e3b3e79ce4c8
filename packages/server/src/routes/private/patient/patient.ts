/**
 * /api/private/patient/patients/self...: the patient's own profile, photo, wards, phone change, and the
 * photo of a doctor who referred them. Names and the birth date change only through support
 * (docs/product.md#roles); e-mail and the medical attributes are the patient's to edit.
 */

import type { WardBody } from '@lab/api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { approvePhoneChange, sendCode } from '../../../auth/sign-in';
import { checkBirthDay, cleanName } from '../../../auth/validation';
import { readPhoto, sendImage } from '../../../domain/photo';
import { AppError, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { requireUser } from '../../../plugins/app/auth';
import type { NewPatient } from '../../../repositories/patients';

export default async function patientRoutes(app: FastifyInstance): Promise<void> {
  /** The user's own patient record id; 404 for a user without one (a doctor only). */
  const ownerOf = (request: FastifyRequest): number => {
    const user = requireUser(request);
    if (user.patientId === null) throw notFound('patient-not-found');
    return user.patientId;
  };

  const self = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const found = await app.repos.patients.self(user.userId, request.locale);
    if (!found) throw notFound('patient-not-found');
    return found;
  };

  /** A ward's form, checked beyond its schema. */
  const wardPatient = async (body: WardBody): Promise<NewPatient> => {
    checkBirthDay(body.birthDay, app.clock(), 'birthDay');
    if (!(await app.repos.patients.genderExists(body.genderId))) {
      throw new AppError(400, 'validation-error', 'gender-invalid', 'genderId');
    }
    const middle = body.middleName ? cleanName(body.middleName, 'middleName') : null;
    return {
      firstName: { uk: cleanName(body.firstName, 'firstName'), ru: '' },
      lastName: { uk: cleanName(body.lastName, 'lastName'), ru: '' },
      middleName: { uk: middle, ru: null },
      birthDay: body.birthDay,
      genderId: body.genderId,
    };
  };

  contractRoute(app, 'patientSelf', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return self(request);
  });

  contractRoute(app, 'patientUpdate', async (request) => {
    const ownerId = ownerOf(request);
    const { email, attributes = {} } = request.body;
    const current = await self(request);
    let genderId: number | undefined;
    if (attributes.gender !== undefined && attributes.gender !== current.attributes.gender) {
      // the sex is personal data: recorded once, changed only through support
      if (current.attributes.gender !== null || attributes.gender === null) {
        throw new AppError(400, 'validation-error', 'personal-data-via-support', 'attributes');
      }
      genderId = (await app.repos.patients.genderIdOf(attributes.gender)) ?? undefined;
    }
    await app.repos.patients.updateProfile(ownerId, {
      email: email === undefined ? undefined : email === null ? null : email.trim().toLowerCase(),
      genderId,
      puberty: attributes.puberty,
      pregnancyWeek: attributes.pregnancyWeek,
      fetusCount: attributes.fetusCount,
      menopause: attributes.menopause,
    });
    return self(request);
  });

  contractRoute(app, 'patientPhoto', async (request, reply) => {
    const ownerId = ownerOf(request);
    const photo = await app.repos.patients.photo(ownerId, ownerId);
    if (!photo) throw notFound('photo-not-found');
    return sendImage(request, reply, photo, photo.version);
  });

  contractRoute(app, 'patientPhotoUpload', async (request) => {
    const ownerId = ownerOf(request);
    const photo = await readPhoto(request);
    const version = await app.repos.patients.setPhoto(ownerId, ownerId, photo.bytes, photo.type);
    if (version === null) throw notFound('patient-not-found');
    return { version };
  });

  contractRoute(app, 'wardsList', async (request) => app.repos.patients.wards(ownerOf(request), request.locale));

  contractRoute(app, 'wardCreate', async (request) => {
    const ownerId = ownerOf(request);
    const id = await app.repos.patients.createWard(ownerId, await wardPatient(request.body));
    const ward = await app.repos.patients.ward(ownerId, id, request.locale);
    if (!ward) throw notFound('patient-not-found');
    return ward;
  });

  contractRoute(app, 'wardUpdate', async (request) => {
    const ownerId = ownerOf(request);
    const { id } = request.params;
    // someone else's ward (or the owner's own record) is "not found", exactly like a missing one
    if (!(await app.repos.patients.ward(ownerId, id, request.locale))) throw notFound('patient-not-found');
    await app.repos.patients.updateWard(ownerId, id, await wardPatient(request.body));
    const ward = await app.repos.patients.ward(ownerId, id, request.locale);
    if (!ward) throw notFound('patient-not-found');
    return ward;
  });

  contractRoute(app, 'wardPhoto', async (request, reply) => {
    const ownerId = ownerOf(request);
    const { id } = request.params;
    if (id === ownerId) throw notFound('patient-not-found');
    const photo = await app.repos.patients.photo(ownerId, id);
    if (!photo) throw notFound('photo-not-found');
    return sendImage(request, reply, photo, photo.version);
  });

  contractRoute(app, 'wardPhotoUpload', async (request) => {
    const ownerId = ownerOf(request);
    const { id } = request.params;
    if (id === ownerId || !(await app.repos.patients.ward(ownerId, id, request.locale))) {
      throw notFound('patient-not-found');
    }
    const photo = await readPhoto(request);
    const version = await app.repos.patients.setPhoto(ownerId, id, photo.bytes, photo.type);
    if (version === null) throw notFound('patient-not-found');
    return { version };
  });

  contractRoute(app, 'phoneCandidate', async (request) => {
    const user = requireUser(request);
    ownerOf(request);
    const { phone } = request.body;
    if (phone === user.phone) throw new AppError(400, 'validation-error', 'validation-invalid', 'phone');
    const account = await app.repos.auth.accountByPhone(phone);
    if (account) throw new AppError(409, 'phone-taken', 'phone-taken', 'phone');
    return sendCode(app, request, phone, 'phone-change', user.userId);
  });

  contractRoute(app, 'phoneCandidateApprove', async (request) => {
    const user = requireUser(request);
    const ownerId = ownerOf(request);
    await approvePhoneChange(app, request, user.userId, user.phone, request.body.code);
    await app.repos.patients.bumpVersion(ownerId);
    return self(request);
  });

  contractRoute(app, 'patientDoctorPhoto', async (request, reply) => {
    const user = requireUser(request);
    const photo = await app.repos.doctors.photoForUser(user.userId, request.params.id);
    if (!photo) throw notFound('photo-not-found');
    return sendImage(request, reply, photo, photo.version);
  });
}
