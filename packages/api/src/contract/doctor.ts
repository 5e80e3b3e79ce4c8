/** Doctor account: docs/product.md#entities "Doctor"; docs/product.md#calls doctor calls. */
import { type Static, Type } from '@sinclair/typebox';
import { Id, Nullable, Phone } from './common';

export const DoctorData = Type.Object({
  id: Id,
  /** Grows on every profile change; the photo URL carries it. */
  version: Type.Integer({ minimum: 0 }),
  firstName: Type.String(),
  lastName: Type.String(),
  middleName: Nullable(Type.String()),
  mobilePhone: Nullable(Phone),
  email: Nullable(Type.String({ format: 'email' })),
  photo: Type.Boolean(),
});
export type DoctorData = Static<typeof DoctorData>;

export const DoctorSelf = Type.Object({ doctorData: DoctorData });
export type DoctorSelf = Static<typeof DoctorSelf>;

/** A clinic the doctor refers from; `code` is the doctor's code there, `title` the organization's title. */
export const Workplace = Type.Object({ id: Id, title: Type.String(), code: Type.String() });
export type Workplace = Static<typeof Workplace>;

export const WorkplacesResponse = Type.Array(Workplace);
export type WorkplacesResponse = Static<typeof WorkplacesResponse>;

/** Null while the doctor has no workplace chosen. */
export const CurrentWorkplaceResponse = Nullable(Workplace);
export type CurrentWorkplaceResponse = Static<typeof CurrentWorkplaceResponse>;

export const WorkplaceParams = Type.Object({ id: Id });
export type WorkplaceParams = Static<typeof WorkplaceParams>;

export const DoctorSpecializationResponse = Nullable(Type.Object({ id: Id, title: Type.String() }));
export type DoctorSpecializationResponse = Static<typeof DoctorSpecializationResponse>;

/** The network's manager responsible for the doctor. */
export const Manager = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  middleName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
});
export type Manager = Static<typeof Manager>;
export const ManagerResponse = Nullable(Manager);
export type ManagerResponse = Static<typeof ManagerResponse>;
