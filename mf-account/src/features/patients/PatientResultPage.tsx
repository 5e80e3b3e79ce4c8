import type { PersonRef } from '@lab/api';
import { useParams } from '@lab/router';
import { useBreadcrumbLabel } from '@lab/ui';
import { useCallback, useState } from 'react';
import { fullName } from '../../lib';
import { ResultView } from '../results';
import { patientResultPath } from './paths';

/** /account/patients/{id}/results/{resultId}: one result of a patient, the same view as the patient's. */
export function PatientResultPage() {
  const params = useParams();
  const patientId = Number(params.id);
  const registryId = Number(params.resultId);
  const [patient, setPatient] = useState<string | null>(null);
  useBreadcrumbLabel('patient', patient);
  const onPatient = useCallback((person: PersonRef) => setPatient(fullName(person)), []);
  const resultHref = useCallback((id: number) => patientResultPath(patientId, id), [patientId]);
  return (
    <ResultView
      registryId={registryId}
      crumbId="patient-result"
      patientId={Number.isInteger(patientId) && patientId > 0 ? patientId : -1}
      resultHref={resultHref}
      onPatient={onPatient}
    />
  );
}
