import type { SeedService } from '../../types';
import { BLOOD_DRAW, BUCCAL_SAMPLING, CAPILLARY_DRAW, family, SWAB_SAMPLING, t, UROGENITAL_SAMPLING } from './helpers';

const proc = family({ groups: ['procedures'], materials: [], prep: 'none', additional: [] });

/** Sampling procedures, added automatically to analyses of the matching biomaterial. */
export const procedures: SeedService[] = [
  proc(BLOOD_DRAW, 'Взяття венозної крові', 'Взятие венозной крови', 90, {
    materials: ['venous-blood'],
    discount: null,
    popularity: 0,
    slug: 'vziattia-venoznoi-krovi',
    desc: t(
      'Взяття крові з вени вакуумною системою одноразового використання.',
      'Взятие крови из вены вакуумной системой одноразового использования.',
    ),
  }),
  proc(CAPILLARY_DRAW, 'Взяття капілярної крові', 'Взятие капиллярной крови', 60, {
    materials: ['capillary-blood'],
    discount: null,
    popularity: 0,
    desc: t(
      'Взяття крові з пальця (у немовлят — з п’ятки) одноразовим скарифікатором.',
      'Взятие крови из пальца (у младенцев — из пятки) одноразовым скарификатором.',
    ),
  }),
  proc(
    UROGENITAL_SAMPLING,
    'Взяття біоматеріалу з урогенітального тракту',
    'Взятие биоматериала из урогенитального тракта',
    120,
    {
      materials: ['urethral-swab', 'cervical-swab', 'vaginal-swab'],
      discount: null,
      popularity: 0,
      desc: t(
        'Взяття мазка з уретри, піхви або цервікального каналу в оглядовому кабінеті.',
        'Взятие мазка из уретры, влагалища или цервикального канала в смотровом кабинете.',
      ),
    },
  ),
  proc(SWAB_SAMPLING, 'Взяття мазка з носоглотки та ротоглотки', 'Взятие мазка из носоглотки и ротоглотки', 80, {
    materials: ['nasopharyngeal-swab', 'throat-swab', 'nasal-swab'],
    discount: null,
    popularity: 0,
    desc: t(
      'Взяття мазка стерильним зондом для ПЛР, експрес-тестів або посіву.',
      'Взятие мазка стерильным зондом для ПЦР, экспресс-тестов или посева.',
    ),
  }),
  proc(BUCCAL_SAMPLING, 'Взяття букального епітелію', 'Взятие буккального эпителия', 50, {
    materials: ['buccal-epithelium'],
    discount: null,
    popularity: 0,
    desc: t(
      'Взяття зіскрібка з внутрішньої поверхні щоки для генетичних досліджень.',
      'Взятие соскоба с внутренней поверхности щеки для генетических исследований.',
    ),
  }),
];
