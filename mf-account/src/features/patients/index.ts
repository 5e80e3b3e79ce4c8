export { PatientResultPage } from './PatientResultPage';
export { PatientResultsPage } from './PatientResultsPage';
export { PatientsPage, patientsOf, REFERRALS_PAGE_SIZE } from './PatientsPage';
export { PATIENTS_PATH, patientResultPath, patientResultsPath } from './paths';
