import type { SeedBranch, WeekSchedule } from '../types';
import { settlements } from './settlements';
import { hash, mulberry32, pick, round } from './util';

type Street = readonly [uk: string, ru: string];

/**
 * Streets of the branches, per city; one street is one branch. Big cities get more
 * branches (Kyiv 15, Lviv/Odesa/Dnipro 6, Kharkiv 5, Zaporizhzhia/Vinnytsia 3 …).
 */
const STREETS: Record<string, readonly Street[]> = {
  kyiv: [
    ['вул. Хрещатик', 'ул. Крещатик'],
    ['вул. Велика Васильківська', 'ул. Большая Васильковская'],
    ['бульв. Лесі Українки', 'бульв. Леси Украинки'],
    ['вул. Ярославська', 'ул. Ярославская'],
    ['просп. Берестейський', 'просп. Берестейский'],
    ['просп. Оболонський', 'просп. Оболонский'],
    ['вул. Драгоманова', 'ул. Драгоманова'],
    ['просп. Миколи Бажана', 'просп. Николая Бажана'],
    ['вул. Антоновича', 'ул. Антоновича'],
    ['вул. Січових Стрільців', 'ул. Сечевых Стрельцов'],
    ['просп. Голосіївський', 'просп. Голосеевский'],
    ['просп. Броварський', 'просп. Броварской'],
    ['вул. Кирилівська', 'ул. Кирилловская'],
    ['просп. Правди', 'просп. Правды'],
    ['просп. Леся Курбаса', 'просп. Леся Курбаса'],
  ],
  lviv: [
    ['просп. Свободи', 'просп. Свободы'],
    ['вул. Городоцька', 'ул. Городоцкая'],
    ['вул. Личаківська', 'ул. Лычаковская'],
    ['просп. Червоної Калини', 'просп. Червоной Калины'],
    ['вул. Стрийська', 'ул. Стрыйская'],
    ['вул. Наукова', 'ул. Научная'],
  ],
  odesa: [
    ['вул. Дерибасівська', 'ул. Дерибасовская'],
    ['просп. Шевченка', 'просп. Шевченко'],
    ['вул. Академіка Корольова', 'ул. Академика Королёва'],
    ['Фонтанська дорога', 'Фонтанская дорога'],
    ['вул. Канатна', 'ул. Канатная'],
    ['вул. Рішельєвська', 'ул. Ришельевская'],
  ],
  kharkiv: [
    ['вул. Сумська', 'ул. Сумская'],
    ['просп. Науки', 'просп. Науки'],
    ['вул. Полтавський Шлях', 'ул. Полтавский Шлях'],
    ['просп. Героїв Харкова', 'просп. Героев Харькова'],
    ['вул. Клочківська', 'ул. Клочковская'],
  ],
  dnipro: [
    ['просп. Дмитра Яворницького', 'просп. Дмитрия Яворницкого'],
    ['вул. Січеславська Набережна', 'ул. Сичеславская Набережная'],
    ['просп. Слобожанський', 'просп. Слобожанский'],
    ['вул. Набережна Перемоги', 'ул. Набережная Победы'],
    ['просп. Науки', 'просп. Науки'],
    ['вул. Робоча', 'ул. Рабочая'],
  ],
  zaporizhzhia: [
    ['просп. Соборний', 'просп. Соборный'],
    ['вул. Перемоги', 'ул. Победы'],
    ['бульв. Шевченка', 'бульв. Шевченко'],
  ],
  vinnytsia: [
    ['вул. Соборна', 'ул. Соборная'],
    ['Хмельницьке шосе', 'Хмельницкое шоссе'],
    ['вул. Келецька', 'ул. Келецкая'],
  ],
  poltava: [
    ['вул. Соборності', 'ул. Соборности'],
    ['вул. Європейська', 'ул. Европейская'],
  ],
  chernihiv: [
    ['просп. Миру', 'просп. Мира'],
    ['вул. Шевченка', 'ул. Шевченко'],
  ],
  cherkasy: [
    ['бульв. Шевченка', 'бульв. Шевченко'],
    ['вул. Смілянська', 'ул. Смелянская'],
  ],
  zhytomyr: [
    ['вул. Київська', 'ул. Киевская'],
    ['вул. Велика Бердичівська', 'ул. Большая Бердичевская'],
  ],
  sumy: [['вул. Соборна', 'ул. Соборная']],
  rivne: [
    ['вул. Соборна', 'ул. Соборная'],
    ['вул. Київська', 'ул. Киевская'],
  ],
  lutsk: [
    ['просп. Волі', 'просп. Воли'],
    ['вул. Львівська', 'ул. Львовская'],
  ],
  ternopil: [
    ['вул. Руська', 'ул. Русская'],
    ['бульв. Тараса Шевченка', 'бульв. Тараса Шевченко'],
  ],
  'ivano-frankivsk': [
    ['вул. Незалежності', 'ул. Независимости'],
    ['вул. Галицька', 'ул. Галицкая'],
  ],
  uzhhorod: [['просп. Свободи', 'просп. Свободы']],
  chernivtsi: [
    ['вул. Головна', 'ул. Главная'],
    ['вул. Ольги Кобилянської', 'ул. Ольги Кобылянской'],
  ],
  khmelnytskyi: [
    ['вул. Проскурівська', 'ул. Проскуровская'],
    ['вул. Кам’янецька', 'ул. Каменецкая'],
  ],
  kropyvnytskyi: [['вул. Велика Перспективна', 'ул. Большая Перспективная']],
  mykolaiv: [
    ['просп. Центральний', 'просп. Центральный'],
    ['вул. Соборна', 'ул. Соборная'],
  ],
  kherson: [['вул. Перекопська', 'ул. Перекопская']],
  'kryvyi-rih': [
    ['просп. Металургів', 'просп. Металлургов'],
    ['просп. Поштовий', 'просп. Почтовый'],
  ],
  'kamianets-podilskyi': [['вул. Князів Коріатовичів', 'ул. Князей Кориатовичей']],
  'bila-tserkva': [['бульв. Олександрійський', 'бульв. Александрийский']],
  brovary: [['вул. Київська', 'ул. Киевская']],
  irpin: [['вул. Університетська', 'ул. Университетская']],
  boryspil: [['вул. Київський Шлях', 'ул. Киевский Шлях']],
  kremenchuk: [['вул. Соборна', 'ул. Соборная']],
  mukachevo: [['вул. Миру', 'ул. Мира']],
  drohobych: [['вул. Івана Франка', 'ул. Ивана Франко']],
  kovel: [['вул. Незалежності', 'ул. Независимости']],
  uman: [['вул. Європейська', 'ул. Европейская']],
  berdychiv: [['вул. Європейська', 'ул. Европейская']],
  kalush: [['вул. Грушевського', 'ул. Грушевского']],
  bucha: [['вул. Вокзальна', 'ул. Вокзальная']],
  vyshhorod: [['вул. Шкільна', 'ул. Школьная']],
  fastiv: [['вул. Соборна', 'ул. Соборная']],
  obukhiv: [['вул. Київська', 'ул. Киевская']],
  truskavets: [['вул. Бориславська', 'ул. Бориславская']],
  stryi: [['вул. Шевченка', 'ул. Шевченко']],
  kolomyia: [['вул. Театральна', 'ул. Театральная']],
  nizhyn: [['вул. Гоголя', 'ул. Гоголя']],
  pavlohrad: [['вул. Соборна', 'ул. Соборная']],
  kamianske: [['просп. Свободи', 'просп. Свободы']],
  izmail: [['просп. Незалежності', 'просп. Независимости']],
  chornomorsk: [['просп. Миру', 'просп. Мира']],
  oleksandriia: [['просп. Соборний', 'просп. Соборный']],
};

/** Branches run by partner laboratories under the network's brand. */
const PARTNERS = new Set(['truskavets', 'vyshhorod', 'kolomyia', 'izmail', 'chornomorsk', 'nizhyn']);

/** Landline area codes of the big cities (7-digit local numbers); others get a mobile number. */
const AREA_CODES: Record<string, string> = { kyiv: '44', lviv: '32', odesa: '48', kharkiv: '57', dnipro: '56' };
const MOBILE_CODES = ['67', '50', '93', '97', '63', '73', '66', '68'] as const;

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

function schedule(
  weekdays: [string, string],
  sat: [string, string] | null,
  sun: [string, string] | null,
): WeekSchedule {
  const result: WeekSchedule = {};
  for (const day of WEEKDAYS) result[day] = { open: weekdays[0], close: weekdays[1] };
  if (sat) result.sat = { open: sat[0], close: sat[1] };
  if (sun) result.sun = { open: sun[0], close: sun[1] };
  return result;
}

/** The usual branch: Mon–Fri 07:30–19:00, Sat 08:00–15:00, closed on Sunday. */
const STANDARD = schedule(['07:30', '19:00'], ['08:00', '15:00'], null);
/** Flagship branches open every day. */
const EVERY_DAY = schedule(['07:00', '20:00'], ['08:00', '17:00'], ['08:00', '15:00']);
/** Small-town branches: shorter day, Saturday until 13:00. */
const SHORT = schedule(['07:30', '17:00'], ['08:00', '13:00'], null);
/** Partner branches: weekdays only. */
const WEEKDAYS_ONLY = schedule(['08:00', '16:00'], null, null);

/** Spread of branch coordinates around the city centre, in degrees (lat, lon). */
function spread(cityBranches: number): [number, number] {
  if (cityBranches >= 10) return [0.06, 0.09];
  if (cityBranches >= 5) return [0.035, 0.05];
  if (cityBranches >= 2) return [0.015, 0.022];
  return [0.006, 0.009];
}

function buildBranches(): SeedBranch[] {
  const rand = mulberry32(78_58);
  const phones = new Set<string>();
  const branches: SeedBranch[] = [];

  for (const city of settlements) {
    const streets = STREETS[city.sourceId] ?? [];
    const [dLat, dLon] = spread(streets.length);
    streets.forEach(([streetUk, streetRu], i) => {
      const h = hash(`${city.sourceId}/${streetUk}`);
      const house = 1 + (h % 90);
      const letter = h % 9 === 0 ? pick(['А', 'Б', 'В'], h >> 4) : '';
      const houseUk = `${house}${letter}`;
      const houseRu = houseUk;

      const partner = PARTNERS.has(city.sourceId);
      // flagships (first branch of the five biggest cities, the first three in Kyiv) work every day
      const flagship = (city.sourceId === 'kyiv' && i < 3) || (i === 0 && city.sourceId in AREA_CODES);
      const small = streets.length === 1 && !partner;
      const sched = partner ? WEEKDAYS_ONLY : flagship ? EVERY_DAY : small && h % 3 === 0 ? SHORT : STANDARD;
      const everyDay = sched.sun !== undefined;

      const lat = round(city.lat + (rand() * 2 - 1) * dLat, 6);
      const lon = round(city.lon + (rand() * 2 - 1) * dLon, 6);

      let phone: string;
      do {
        const area = AREA_CODES[city.sourceId];
        const digits = String(Math.floor(rand() * 9_000_000) + 1_000_000);
        phone = area ? `+380${area}${digits}` : `+380${pick(MOBILE_CODES, Math.floor(rand() * 8))}${digits}`;
      } while (phones.has(phone));
      phones.add(phone);

      branches.push({
        settlementSourceId: city.sourceId,
        address: { uk: `${streetUk}, ${houseUk}`, ru: `${streetRu}, ${houseRu}` },
        lat,
        lon,
        phone,
        schedule: sched,
        services: {
          covidTest: !partner && rand() < 0.45,
          childNurse: everyDay || rand() < 0.5,
          cardTerminal: !partner || rand() < 0.5,
          ramp: rand() < 0.6,
          gynecologicalChair: !partner && rand() < 0.55,
          urogenitalMale: !partner && rand() < 0.35,
          everyDay,
        },
        partner,
      });
    });
  }
  return branches;
}

export const branches: SeedBranch[] = buildBranches();
