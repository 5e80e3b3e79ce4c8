/** Doctors: profile, workplaces (a code per clinic), the current workplace, manager, specialization. */
import type { DoctorSelf, DoctorSpecializationResponse, Manager, Workplace } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { fullNameSql, type ImageRow, type ImageType, imageFromRow, nameColumns, type StoredImage } from './people';
import { localized } from './sql';

export interface DoctorByCode {
  doctorId: number;
  workplaceId: number;
  code: string;
  fullName: string;
}

export function createDoctorsRepository(db: Queryable) {
  const workplaceColumns = (locale: Locale) => `w.id, ${localized('o.title', locale)} AS title, w.code`;

  return {
    async self(doctorId: number, locale: Locale): Promise<DoctorSelf | null> {
      const row = await db.maybeOne<DoctorSelf['doctorData']>(
        `SELECT d.id, d.version, ${nameColumns('d', locale)}, u.phone AS "mobilePhone", d.email,
                d.photo IS NOT NULL AS photo
           FROM doctors d JOIN users u ON u.id = d.user_id WHERE d.id = $1`,
        [doctorId],
      );
      return row ? { doctorData: row } : null;
    },

    async manager(doctorId: number, locale: Locale): Promise<Manager | null> {
      return db.maybeOne<Manager>(
        `SELECT m.id, ${nameColumns('m', locale)}, m.phone, m.email
           FROM doctors d JOIN managers m ON m.id = d.manager_id WHERE d.id = $1`,
        [doctorId],
      );
    },

    async workplaces(doctorId: number, locale: Locale): Promise<Workplace[]> {
      return db.query<Workplace>(
        `SELECT ${workplaceColumns(locale)} FROM doctor_workplaces w JOIN organizations o ON o.id = w.organization_id
          WHERE w.doctor_id = $1 AND w.enabled ORDER BY w.sort_order, w.id`,
        [doctorId],
      );
    },

    async currentWorkplace(doctorId: number, locale: Locale): Promise<Workplace | null> {
      return db.maybeOne<Workplace>(
        `SELECT ${workplaceColumns(locale)}
           FROM doctors d JOIN doctor_workplaces w ON w.id = d.current_workplace_id AND w.enabled
           JOIN organizations o ON o.id = w.organization_id
          WHERE d.id = $1`,
        [doctorId],
      );
    },

    /** Makes one of the doctor's own workplaces current; null when it is not theirs. */
    async selectWorkplace(doctorId: number, workplaceId: number, locale: Locale): Promise<Workplace | null> {
      const row = await db.maybeOne(
        `UPDATE doctors d SET current_workplace_id = w.id, updated_at = now()
           FROM doctor_workplaces w
          WHERE d.id = $1 AND w.id = $2 AND w.doctor_id = d.id AND w.enabled
          RETURNING 1`,
        [doctorId, workplaceId],
      );
      return row ? this.currentWorkplace(doctorId, locale) : null;
    },

    async specialization(doctorId: number, locale: Locale): Promise<DoctorSpecializationResponse> {
      return db.maybeOne<{ id: number; title: string }>(
        `SELECT s.id, ${localized('s.title', locale)} AS title
           FROM doctors d JOIN specializations s ON s.id = d.specialization_id WHERE d.id = $1`,
        [doctorId],
      );
    },

    /** The referring doctor named by a code at checkout (any letter case). */
    async byCode(code: string, locale: Locale): Promise<DoctorByCode | null> {
      return db.maybeOne<DoctorByCode>(
        `SELECT d.id AS "doctorId", w.id AS "workplaceId", w.code, ${fullNameSql('d', locale)} AS "fullName"
           FROM doctor_workplaces w JOIN doctors d ON d.id = w.doctor_id
          WHERE w.code = upper($1) AND w.enabled`,
        [code.trim()],
      );
    },

    async photo(doctorId: number): Promise<StoredImage | null> {
      const row = await db.maybeOne<ImageRow>(
        `SELECT encode(photo, 'base64') AS photo, photo_type AS type, version FROM doctors WHERE id = $1`,
        [doctorId],
      );
      return imageFromRow(row);
    },

    async setPhoto(doctorId: number, bytes: Buffer, type: ImageType): Promise<number> {
      const row = await db.one<{ version: number }>(
        `UPDATE doctors SET photo = decode($2, 'base64'), photo_type = $3, version = version + 1, updated_at = now()
          WHERE id = $1 RETURNING version`,
        [doctorId, bytes.toString('base64'), type],
      );
      return row.version;
    },

    /** A doctor's photo as a patient sees it: only a doctor who referred one of the user's orders. */
    async photoForUser(userId: number, doctorId: number): Promise<StoredImage | null> {
      const row = await db.maybeOne<ImageRow>(
        `SELECT encode(d.photo, 'base64') AS photo, d.photo_type AS type, d.version FROM doctors d
          WHERE d.id = $2 AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = $1 AND o.doctor_id = d.id)`,
        [userId, doctorId],
      );
      return imageFromRow(row);
    },
  };
}

export type DoctorsRepository = ReturnType<typeof createDoctorsRepository>;
