import type { SeedBranch, WeekSchedule } from '../types';
import { settlements } from './settlements';
import { hash, mulberry32, pick, round } from './util';

type Street = readonly [uk: string, ru: string];

/**
 * Streets of the branches, per city; one street is one branch. 78 branches in 59 cities, every
 * city has at least one: Kyiv 8; Lviv, Odesa, Kharkiv, Dnipro and eight more big cities 2 each;
 * the other 46 towns 1 each (the storefront's texts say "78 branches in over 58 cities").
 */
const STREETS: Record<string, readonly Street[]> = {
  kyiv: [
    ['вул. Хрещатик', 'ул. Крещатик'],
    ['вул. Велика Васильківська', 'ул. Большая Васильковская'],
    ['просп. Берестейський', 'просп. Берестейский'],
    ['просп. Оболонський', 'просп. Оболонский'],
    ['просп. Миколи Бажана', 'просп. Николая Бажана'],
    ['просп. Голосіївський', 'просп. Голосеевский'],
    ['просп. Броварський', 'просп. Броварской'],
    ['просп. Леся Курбаса', 'просп. Леся Курбаса'],
  ],
  lviv: [
    ['просп. Свободи', 'просп. Свободы'],
    ['вул. Наукова', 'ул. Научная'],
  ],
  odesa: [
    ['вул. Дерибасівська', 'ул. Дерибасовская'],
    ['вул. Академіка Корольова', 'ул. Академика Королёва'],
  ],
  kharkiv: [
    ['вул. Сумська', 'ул. Сумская'],
    ['просп. Науки', 'просп. Науки'],
  ],
  dnipro: [
    ['просп. Дмитра Яворницького', 'просп. Дмитрия Яворницкого'],
    ['просп. Слобожанський', 'просп. Слобожанский'],
  ],
  zaporizhzhia: [
    ['просп. Соборний', 'просп. Соборный'],
    ['вул. Перемоги', 'ул. Победы'],
  ],
  vinnytsia: [
    ['вул. Соборна', 'ул. Соборная'],
    ['вул. Келецька', 'ул. Келецкая'],
  ],
  poltava: [
    ['вул. Соборності', 'ул. Соборности'],
    ['вул. Європейська', 'ул. Европейская'],
  ],
  chernihiv: [['просп. Миру', 'просп. Мира']],
  cherkasy: [['бульв. Шевченка', 'бульв. Шевченко']],
  zhytomyr: [['вул. Київська', 'ул. Киевская']],
  sumy: [['вул. Соборна', 'ул. Соборная']],
  rivne: [['вул. Соборна', 'ул. Соборная']],
  lutsk: [['просп. Волі', 'просп. Воли']],
  ternopil: [['вул. Руська', 'ул. Русская']],
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
  korosten: [['вул. Грушевського', 'ул. Грушевского']],
  sambir: [['вул. Шевченка', 'ул. Шевченко']],
  chortkiv: [['вул. Незалежності', 'ул. Независимости']],
  shepetivka: [['вул. Героїв Небесної Сотні', 'ул. Героев Небесной Сотни']],
  varash: [['вул. Енергетиків', 'ул. Энергетиков']],
  dubno: [['вул. Кирила і Мефодія', 'ул. Кирилла и Мефодия']],
  novovolynsk: [['бульв. Шевченка', 'бульв. Шевченко']],
  khust: [['вул. Карпатської Січі', 'ул. Карпатской Сечи']],
  smila: [['вул. Соборна', 'ул. Соборная']],
  lubny: [['вул. Ярослава Мудрого', 'ул. Ярослава Мудрого']],
  pryluky: [['вул. Київська', 'ул. Киевская']],
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
  if (cityBranches >= 5) return [0.06, 0.09];
  if (cityBranches >= 2) return [0.025, 0.035];
  return [0.006, 0.009];
}

function buildBranches(): SeedBranch[] {
  const rand = mulberry32(78_58);
  const phones = new Set<string>();
  const branches: SeedBranch[] = [];

  const known = new Set(settlements.map((s) => s.sourceId));
  const stray = Object.keys(STREETS).filter((id) => !known.has(id));
  if (stray.length > 0) throw new Error(`branches: streets for unknown settlements ${stray.join(', ')}`);

  for (const city of settlements) {
    const streets = STREETS[city.sourceId] ?? [];
    if (streets.length === 0) throw new Error(`branches: settlement ${city.sourceId} has no branch`);
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
