import type { SeedService } from '../../types';
import { allergyTests } from './allergy';
import { biochemistry } from './biochemistry';
import { genetics } from './genetics';
import { hematology } from './hematology';
import { hormones } from './hormones';
import { immunology } from './immunology';
import { infections } from './infections';
import { procedures } from './procedures';
import { reproductive } from './reproductive';
import { tumorMarkers } from './tumor-markers';
import { urineStool } from './urine-stool';
import { vitamins } from './vitamins';

/** Sampling procedures (blood draw, swab taking): services, but not analyses. */
export { procedures };

/** Every analysis (single laboratory test or panel), by domain. */
export const analyses: SeedService[] = [
  ...hematology,
  ...biochemistry,
  ...hormones,
  ...infections,
  ...allergyTests,
  ...vitamins,
  ...tumorMarkers,
  ...immunology,
  ...urineStool,
  ...genetics,
  ...reproductive,
];
