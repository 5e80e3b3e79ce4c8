/** Patients: a user's own record (the account owner) and the wards of their family account. */
import type { PatientAttributes, PatientSelf, PatientUserData, Ward } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { type ImageRow, type ImageType, imageFromRow, nameColumns, type StoredImage } from './people';

/** Names as typed in one or both languages. */
export interface PersonNames {
  firstName: { uk: string; ru: string };
  lastName: { uk: string; ru: string };
  middleName: { uk: string | null; ru: string | null };
}

export interface NewPatient extends PersonNames {
  birthDay: string;
  genderId: number;
}

type PatientRow = PatientUserData & {
  ownerId: number | null;
  puberty: boolean | null;
  pregnancyWeek: number | null;
  fetusCount: number | null;
  menopause: boolean | null;
};

function userColumns(locale: Locale): string {
  return `p.id, ${nameColumns('p', locale)}, p.photo IS NOT NULL AS photo, u.phone AS "mobilePhone", p.number,
          p.email, g.code AS gender, p.birth_day AS "birthDay", p.version, p.owner_id AS "ownerId",
          p.puberty, p.pregnancy_week AS "pregnancyWeek", p.fetus_count AS "fetusCount", p.menopause`;
}

const FROM = `FROM patients p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN genders g ON g.id = p.gender_id`;

function userData(row: PatientRow): PatientUserData {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    photo: row.photo,
    mobilePhone: row.mobilePhone,
    number: row.number,
    email: row.email,
    gender: row.gender,
    birthDay: row.birthDay,
    version: row.version,
  };
}

function attributes(row: PatientRow): PatientAttributes {
  return {
    gender: row.gender,
    puberty: row.puberty,
    pregnancyWeek: row.pregnancyWeek,
    fetusCount: row.fetusCount,
    menopause: row.menopause,
  };
}

function ward(row: PatientRow): Ward {
  return { id: row.id, type: 'ward', ward: true, userData: userData(row), attributes: attributes(row) };
}

export function createPatientsRepository(db: Queryable) {
  /** An account owner's own record (user_id) or a ward's (owner_id): the same columns otherwise. */
  async function insertPatient(link: 'user_id' | 'owner_id', linkId: number, patient: NewPatient): Promise<number> {
    const row = await db.one<{ id: number }>(
      `INSERT INTO patients (${link}, first_name_uk, first_name_ru, last_name_uk, last_name_ru, middle_name_uk,
                             middle_name_ru, birth_day, gender_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9) RETURNING id`,
      [
        linkId,
        patient.firstName.uk,
        patient.firstName.ru,
        patient.lastName.uk,
        patient.lastName.ru,
        patient.middleName.uk,
        patient.middleName.ru,
        patient.birthDay,
        patient.genderId,
      ],
    );
    return row.id;
  }

  const repo = {
    /** The owner's record and wards; null when the user has no patient profile (a doctor only). */
    async self(userId: number, locale: Locale): Promise<PatientSelf | null> {
      const owner = await db.maybeOne<PatientRow>(`SELECT ${userColumns(locale)} ${FROM} WHERE p.user_id = $1`, [
        userId,
      ]);
      if (!owner?.mobilePhone) return null;
      return {
        id: owner.id,
        type: 'owner',
        userData: userData(owner),
        phone: owner.mobilePhone,
        attributes: attributes(owner),
        wards: await repo.wards(owner.id, locale),
      };
    },

    async wards(ownerId: number, locale: Locale): Promise<Ward[]> {
      const rows = await db.query<PatientRow>(
        `SELECT ${userColumns(locale)} ${FROM} WHERE p.owner_id = $1 ORDER BY p.id`,
        [ownerId],
      );
      return rows.map(ward);
    },

    async ward(ownerId: number, wardId: number, locale: Locale): Promise<Ward | null> {
      const row = await db.maybeOne<PatientRow>(
        `SELECT ${userColumns(locale)} ${FROM} WHERE p.id = $1 AND p.owner_id = $2`,
        [wardId, ownerId],
      );
      return row ? ward(row) : null;
    },

    /** The ids a user may act for: their own record and their wards. */
    async familyIds(ownerId: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>('SELECT id FROM patients WHERE id = $1 OR owner_id = $1', [ownerId]);
      return rows.map((row) => row.id);
    },

    /** Gender code of a patient (for analyses meant for one sex). */
    async genderCode(patientId: number): Promise<'male' | 'female' | null> {
      const row = await db.maybeOne<{ code: 'male' | 'female' | null }>(
        'SELECT g.code FROM patients p LEFT JOIN genders g ON g.id = p.gender_id WHERE p.id = $1',
        [patientId],
      );
      return row?.code ?? null;
    },

    async genderExists(genderId: number): Promise<boolean> {
      return (await db.maybeOne('SELECT 1 FROM genders WHERE id = $1 AND enabled', [genderId])) !== null;
    },

    createOwner(userId: number, patient: NewPatient): Promise<number> {
      return insertPatient('user_id', userId, patient);
    },

    createWard(ownerId: number, patient: NewPatient): Promise<number> {
      return insertPatient('owner_id', ownerId, patient);
    },

    /** A ward's details (the owner keeps their wards' records themselves); false when not their ward. */
    async updateWard(ownerId: number, wardId: number, patient: NewPatient): Promise<boolean> {
      const row = await db.maybeOne(
        `UPDATE patients SET first_name_uk = $3, first_name_ru = $4, last_name_uk = $5, last_name_ru = $6,
                middle_name_uk = $7, middle_name_ru = $8, birth_day = $9::date, gender_id = $10,
                version = version + 1, updated_at = now()
          WHERE id = $1 AND owner_id = $2 RETURNING 1`,
        [
          wardId,
          ownerId,
          patient.firstName.uk,
          patient.firstName.ru,
          patient.lastName.uk,
          patient.lastName.ru,
          patient.middleName.uk,
          patient.middleName.ru,
          patient.birthDay,
          patient.genderId,
        ],
      );
      return row !== null;
    },

    /** What the owner may change themselves: e-mail and the medical attributes. */
    async updateProfile(
      patientId: number,
      changes: {
        email?: string | null;
        genderId?: number;
        puberty?: boolean | null;
        pregnancyWeek?: number | null;
        fetusCount?: number | null;
        menopause?: boolean | null;
      },
    ): Promise<void> {
      const columns: Array<[string, string | number | boolean | null]> = [];
      if (changes.email !== undefined) columns.push(['email', changes.email]);
      if (changes.genderId !== undefined) columns.push(['gender_id', changes.genderId]);
      if (changes.puberty !== undefined) columns.push(['puberty', changes.puberty]);
      if (changes.pregnancyWeek !== undefined) columns.push(['pregnancy_week', changes.pregnancyWeek]);
      if (changes.fetusCount !== undefined) columns.push(['fetus_count', changes.fetusCount]);
      if (changes.menopause !== undefined) columns.push(['menopause', changes.menopause]);
      if (columns.length === 0) return;
      // column names come from the fixed list above, never from the request
      const sets = columns.map(([name], index) => `${name} = $${index + 2}`).join(', ');
      await db.query(`UPDATE patients SET ${sets}, version = version + 1, updated_at = now() WHERE id = $1`, [
        patientId,
        ...columns.map(([, value]) => value),
      ]);
    },

    async genderIdOf(code: 'male' | 'female'): Promise<number | null> {
      const row = await db.maybeOne<{ id: number }>('SELECT id FROM genders WHERE code = $1', [code]);
      return row?.id ?? null;
    },

    async bumpVersion(patientId: number): Promise<void> {
      await db.query('UPDATE patients SET version = version + 1, updated_at = now() WHERE id = $1', [patientId]);
    },

    /** The photo of a patient the owner may see (themselves or a ward). */
    async photo(ownerId: number, patientId: number): Promise<StoredImage | null> {
      const row = await db.maybeOne<ImageRow>(
        `SELECT encode(photo, 'base64') AS photo, photo_type AS type, version FROM patients
          WHERE id = $1 AND (id = $2 OR owner_id = $2)`,
        [patientId, ownerId],
      );
      return imageFromRow(row);
    },

    /** Stores a photo of the owner or a ward; answers the new version, null when not theirs. */
    async setPhoto(ownerId: number, patientId: number, bytes: Buffer, type: ImageType): Promise<number | null> {
      const row = await db.maybeOne<{ version: number }>(
        `UPDATE patients SET photo = decode($3, 'base64'), photo_type = $4, version = version + 1, updated_at = now()
          WHERE id = $1 AND (id = $2 OR owner_id = $2) RETURNING version`,
        [patientId, ownerId, bytes.toString('base64'), type],
      );
      return row?.version ?? null;
    },
  };
  return repo;
}

export type PatientsRepository = ReturnType<typeof createPatientsRepository>;
