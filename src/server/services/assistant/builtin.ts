/**
 * The built-in assistant (no API key needed): recognises the visitor's intent, retrieves passages
 * from the site's own content, and answers in two to four sentences from src/business facts only,
 * with a link to the page it drew on, in English or Spanish.
 */
import { company, services, type City, type Office } from '../../../business';
import { bookingDaysAhead } from '../../../business/lead-choices';
import { referralTerms } from '../../../business/referrals';
import contentIndex from './content-index.json' with { type: 'json' };
import {
  callUs, cities, citiesByRegion, officePhone, officePhones, offices, cityLink, closes, formatDollars, formatRange, hoursSentence, licence, memberships,
  officeOfCity, opens, priceFactors, priceGuides, productsNamed, type Language, type PriceGuide,
} from './facts';
import { anotherTrade, chipIntentOf, classify, hazardAcrossTurns, hazardNotNow, officeArea, paymentMethod, smallLeakOnly, socialAsked, topicOf, type Classification, type Intent, type ReplyIntent } from './intents';
import { detectLanguage } from './language';
import { cityOfPage, findPlaces, namesAPlace, onlyOutside, type PlaceMention } from './places';
import { normaliseSpelling } from './spelling';
import { quickResponsesFor } from './quick-responses';
import type { AssistantInput, AssistantReply, ConversationTurn } from './reply';
import { createIndex, type Passage } from './retrieval';
import { fold, sentences, tokenize } from './text';

const index = createIndex(contentIndex as Passage[]);

interface Context {
  text: string;
  language: Language;
  places: PlaceMention;
  pageCity: City | undefined;
  pagePath: string;
  history: ConversationTurn[];
  /** Places named in the visitor's earlier messages, most recent first. */
  earlierPlaces: PlaceMention[];
  hasImage: boolean;
}

interface Draft {
  sentences: string[];
  link?: string;
  needsHandoff?: boolean;
  openScheduler?: boolean;
  sources?: string[];
  /** The answer is the fallback: nothing fitted well enough. */
  unsure?: boolean;
}

const more = (language: Language, path: string) => (language === 'es' ? `Más información: ${path}` : `More: ${path}`);

/** The office to offer: the one for the city named, else the city of the page, else none (both). */
function officeFor(ctx: Context): Office | undefined {
  for (const places of [ctx.places, ...ctx.earlierPlaces]) {
    const named = places.cities;
    const officesNamed = [...new Set(named.map((c) => c.officeId))];
    if (officesNamed.length === 1) return officeOfCity(named[0]!);
    if (officesNamed.length > 1) return undefined;
  }
  if (ctx.pageCity) return officeOfCity(ctx.pageCity);
  return undefined;
}

const es = (ctx: Context) => ctx.language === 'es';

// ---------- safety first ----------

function emergency(ctx: Context, kind: Classification['emergency']): Draft {
  const call = callUs(officeFor(ctx), ctx.language);
  if (kind === 'gas') {
    return es(ctx)
      ? { sentences: ['Salga de la casa ahora con todos, sin encender ni apagar luces ni usar nada que pueda hacer chispa.', 'Desde afuera llame primero a su compañía de gas o al 911, y después a nosotros: ' + call + ', servicio de emergencia 24/7.'], link: '/gas-leak-detection', needsHandoff: true }
      : { sentences: ['Leave the house now with everyone, and do not switch lights on or off or use anything that could spark.', `From outside, call your gas utility or 911 first, then call ${call}: we offer 24/7 emergency service.`], link: '/gas-leak-detection', needsHandoff: true };
  }
  const first: Record<NonNullable<Classification['emergency']>, [string, string]> = {
    gas: ['', ''],
    water: ['Shut off the main water valve now (at the meter box near the street or where the line enters the house), and keep people away from water near outlets and appliances.',
      'Cierre ahora la llave principal del agua (en la caja del medidor cerca de la calle o donde entra la tubería a la casa) y mantenga a todos lejos del agua cerca de enchufes y aparatos.'],
    'water-heater': ['Close the cold-water valve on top of the water heater and turn off its power or gas, or shut off the main water valve if you cannot reach it.',
      'Cierre la llave de agua fría encima del calentador y apague su electricidad o gas, o cierre la llave principal del agua si no puede alcanzarla.'],
    sewage: ['Stop using every sink, toilet, tub and the washer so no more water goes down the drains, and keep children and pets away from the water.',
      'Deje de usar lavabos, inodoros, tinas y la lavadora para que no baje más agua por los drenajes, y mantenga a niños y mascotas lejos del agua.'],
    'no-water': ['Check whether the main valve or the meter valve is closed and whether neighbours have water too; if they do not, the water utility may have an outage.',
      'Revise si la llave principal o la del medidor está cerrada y si sus vecinos tienen agua; si no tienen, puede ser un corte de la compañía de agua.'],
    general: ['If water is leaking, shut off the main water valve first; if you smell gas, leave the house and call your gas utility or 911 from outside before calling us.',
      'Si hay una fuga de agua, cierre primero la llave principal; si huele a gas, salga de la casa y llame a su compañía de gas o al 911 desde afuera antes de llamarnos.'],
  };
  const safety = first[kind ?? 'general'][es(ctx) ? 1 : 0];
  return {
    sentences: [safety, es(ctx) ? `Luego llame a ${call}: atendemos emergencias 24/7.` : `Then call ${call}: we offer 24/7 emergency service.`],
    link: '/emergency',
    needsHandoff: true,
  };
}

function injection(ctx: Context): Draft {
  return es(ctx)
    ? { sentences: ['Solo puedo ayudar con preguntas de plomería de Economy Plumbing Services, y no cambio nuestros precios, datos ni reglas.', '¿En qué le puedo ayudar con su plomería?'] }
    : { sentences: ['I can only help with plumbing questions for Economy Plumbing Services, and I cannot change our prices, details or how I work.', 'What can I help you with on your plumbing?'] };
}

// ---------- people ----------

function handoff(ctx: Context): Draft {
  const call = callUs(officeFor(ctx), ctx.language);
  return es(ctx)
    ? { sentences: [`Con gusto: use los botones de abajo para enviarnos un mensaje de texto o llamar a ${call}.`, `Atendemos de lunes a viernes, de ${opens} a ${closes}, y emergencias 24/7.`], needsHandoff: true }
    : { sentences: [`Of course: use the buttons below to text or call ${call}.`, `Our team answers Monday to Friday, ${opens} to ${closes}, and emergencies 24/7.`], needsHandoff: true };
}

function complaint(ctx: Context): Draft {
  const call = callUs(officeFor(ctx), ctx.language);
  return es(ctx)
    ? { sentences: ['Lamento mucho la experiencia; una persona de nuestro equipo debe revisarlo con usted.', `Use los botones de abajo para enviarnos un mensaje de texto o llame a ${call}.`], needsHandoff: true }
    : { sentences: ["I'm sorry about that, and a person on our team should look into it with you.", `Please use the buttons below to text us, or call ${call}; we stand behind our work with a 100% satisfaction guarantee.`], needsHandoff: true };
}

// ---------- facts ----------

function serviceArea(ctx: Context): Draft {
  // "Can you send someone anyway?" after a place outside: that place is still the answer's subject.
  const places = namesAPlace(ctx.places) ? ctx.places : ctx.earlierPlaces.find((p) => p.notServed.length > 0 && p.cities.length === 0) ?? ctx.places;
  // "Which towns does the Marble Falls office cover?": that office's cities, from src/business.
  const folded = fold(ctx.text);
  if (officeArea.test(folded) && /\b(office|branch|location|shop)\b/.test(folded)) {
    const office = offices.find((o) => places.cities.some((c) => c.id === o.id)) ?? officeFor(ctx);
    if (office) {
      const names = cities.filter((c) => c.officeId === office.id).map((c) => c.name).join(', ');
      return es(ctx)
        ? { sentences: [`Nuestra oficina de ${office.name} atiende ${names}.`, `Llame al ${office.phone}, o agende en línea.`], link: '/service-area' }
        : { sentences: [`Our ${office.name} office serves ${names}.`, `Call it at ${office.phone}, or schedule online.`], link: '/service-area' };
    }
  }
  const asked = places.cities.length > 0 ? places.cities : places.zips.length === 0 && places.notServed.length === 0 && ctx.pageCity ? [ctx.pageCity] : [];
  const unknownZips = places.zips.filter((z) => z.cities.length === 0).map((z) => z.zip);
  const out: string[] = [];
  let link = '/service-area';

  if (asked.length > 0) {
    const city = asked[0]!;
    const office = officeOfCity(city);
    const sameOffice = asked.every((c) => c.officeId === city.officeId);
    const list = (cs: readonly City[]) => cs.map((c) => c.name).join(', ').replace(/, ([^,]*)$/, es(ctx) ? ' y $1' : ' and $1');
    const region = places.counties[0] ?? places.landmarks[0];
    const names = places.cities.length > 0 && region && places.cities.every((c) => region.cities.includes(c))
      ? (es(ctx) ? `${region.name}: ${list(asked)}` : `${region.name}: ${list(asked)}`)
      : list(asked);
    const zipNote = places.zips.find((z) => z.cities.length > 0);
    const zipText = zipNote ? ` (${zipNote.zip})` : '';
    // "Hutto is right next to Round Rock, do you cover it?": the place outside is said to be outside, not passed over.
    const outside = places.notServed.join(es(ctx) ? ' y ' : ' and ');
    if (es(ctx)) {
      out.push(outside
        ? `${outside} no está en nuestra área de servicio, pero sí damos servicio en ${names}${zipText}${sameOffice ? ` desde nuestra oficina de ${office.name}` : ''}.`
        : `Sí, damos servicio en ${names}${zipText}${sameOffice ? ` desde nuestra oficina de ${office.name}` : ''}.`);
      out.push(sameOffice ? `Llámenos al ${office.phone}, o agende en línea.` : `Llame a ${callUs(undefined, 'es')}, o agende en línea.`);
    } else {
      out.push(outside
        ? `${outside} is not in our service area, but we do serve ${names}${zipText}${sameOffice ? ` from our ${office.name} office` : ''}.`
        : `Yes, we serve ${names}${zipText}${sameOffice ? ` from our ${office.name} office` : ''}.`);
      out.push(sameOffice ? `Call us at ${office.phone}, or schedule online.` : `Call ${callUs(undefined, 'en')}, or schedule online.`);
    }
    link = asked.length === 1 ? cityLink(city) : '/service-area';
  } else if (places.notServed.length > 0 || unknownZips.length > 0) {
    const what = [...places.notServed, ...unknownZips].join(es(ctx) ? ' y ' : ' and ');
    // A name we only guess is a place ("the Mueller neighborhood", "Zilker") may be part of a city we serve: we say only
    // what we know, that it is not one of our 16 cities, and that a part of one of them is ours.
    const onlyGuessed = unknownZips.length === 0 && places.notServed.every((name) => places.guessed?.includes(name));
    if (onlyGuessed) out.push(es(ctx)
      ? `${what} no es una de las 16 ciudades que atendemos alrededor de Austin y Marble Falls; si es parte de una de ellas, como Austin, sí podemos ir.`
      : `${what} is not one of the 16 cities we serve around Austin and Marble Falls; if it is part of one of them, such as Austin, we can come.`);
    else out.push(es(ctx)
      ? `${what} no está en nuestra área de servicio: atendemos 16 ciudades alrededor de Austin y Marble Falls.`
      : `${what} is not in our service area: we serve 16 cities around Austin and Marble Falls.`);
    out.push(es(ctx)
      ? `Llame a ${callUs(undefined, 'es')} y le diremos si podemos ayudarle.`
      : `Call ${callUs(undefined, 'en')} and we will tell you whether we can help.`);
  } else if (/\b(serve|service|cover|go to|come to|work in|travel to)\s+[a-z]/.test(fold(ctx.text)) && !/\bareas?\b|\bcities\b|\btowns?\b|\bwhere\b|\bwhich\b|\bwhat\b/.test(fold(ctx.text))) {
    out.push(es(ctx)
      ? 'Ese lugar no está entre las 16 ciudades que atendemos alrededor de Austin y Marble Falls.'
      : 'That place is not one of the 16 cities we serve around Austin and Marble Falls.');
    out.push(es(ctx) ? `Llame a ${callUs(undefined, 'es')} para confirmar.` : `Call ${callUs(undefined, 'en')} to check.`);
  } else {
    const [metro, falls] = citiesByRegion();
    out.push(es(ctx)
      ? `Atendemos 16 ciudades: desde Austin, ${metro!.names.join(', ')}; desde Marble Falls, ${falls!.names.join(', ')}.`
      : `We serve 16 cities: from our Austin office, ${metro!.names.join(', ')}; from our Marble Falls office, ${falls!.names.join(', ')}.`);
    out.push(es(ctx) ? '¿En qué ciudad o código postal está?' : 'Which city or ZIP code are you in?');
  }
  return { sentences: out, link };
}

function hours(ctx: Context): Draft {
  return {
    sentences: [hoursSentence(ctx.language), es(ctx) ? `Llame a ${callUs(officeFor(ctx), 'es')}.` : `Call ${callUs(officeFor(ctx), 'en')}.`],
    link: '/contact',
  };
}

const address = (o: Office) => `${o.street}, ${o.city}, ${o.region} ${o.postalCode}`;

function contact(ctx: Context): Draft {
  const text = fold(normaliseSpelling(ctx.text));
  const named = officeFor(ctx);
  // "And the other office?" after one office's address.
  const office = named && /\b(other|second|otra)\b/.test(text) ? offices.find((o) => o.id !== named.id) : named;
  const wantsPhone = /\bphone|\bnumbers?\b|\bcall\b|\btext\b|\btelefono|\bnumero|\bllam/.test(text) && !/\baddress|\bdirection|\blocat|\bwhere\b|\bdonde|\bdireccion|\bwalk\w* in\b|\b(stop|drop|come) (by|in)\b/.test(text);
  const wantsMail = /\be-?mail|\bcorreo/.test(text);
  const both = officeList();
  // "Are you on Facebook?": the social pages listed in src/business.
  if (socialAsked.test(text)) {
    const pages = company.social.map((p) => `${p.name} (${p.url})`).join(', ');
    return es(ctx)
      ? { sentences: [`Nos encuentra en ${pages}.`, `Para una pregunta o una visita, llame o envíe un mensaje de texto a ${officePhones('es')}.`], link: '/contact' }
      : { sentences: [`You can find us on ${pages}.`, `For a question or a visit, call or text ${officePhones('en')}.`], link: '/contact' };
  }
  if (wantsPhone || wantsMail) {
    const first = office
      ? (es(ctx) ? `Llame o envíe un mensaje de texto a ${officePhone(office, 'es')}.` : `Call or text ${officePhone(office, 'en')}.`)
      : (es(ctx) ? `Llame o envíe un mensaje de texto a ${officePhones('es')}.` : `Call or text ${officePhones('en')}.`);
    const second = wantsMail
      ? (es(ctx) ? 'También puede enviarnos su pregunta o fotos con el formulario de nuestra página de contacto.' : 'You can also send a question or photos with the form on our contact page.')
      : (es(ctx) ? `Atendemos de lunes a viernes, de ${opens} a ${closes}, y emergencias 24/7.` : `We answer Monday to Friday, ${opens} to ${closes}, and emergencies 24/7.`);
    return { sentences: [first, second], link: '/contact' };
  }
  if (office) {
    return es(ctx)
      ? { sentences: [`Nuestra oficina de ${office.name} está en ${address(office)}; teléfono ${office.phone}.`, `Abrimos de lunes a viernes, de ${opens} a ${closes}; llame antes de venir.`], link: '/contact' }
      : { sentences: [`Our ${office.name} office is at ${address(office)}; phone ${office.phone}.`, `It is open Monday to Friday, ${opens} to ${closes}; call ahead before you stop by.`], link: '/contact' };
  }
  return es(ctx)
    ? { sentences: [`Tenemos dos oficinas: ${both.es}.`, `Abren de lunes a viernes, de ${opens} a ${closes}; llame antes de venir.`], link: '/contact' }
    : { sentences: [`We have two offices: ${both.en}.`, `They are open Monday to Friday, ${opens} to ${closes}; call ahead before you stop by.`], link: '/contact' };
}

function officeList(): { en: string; es: string } {
  return {
    en: offices.map((o) => `${o.name} at ${address(o)} (${o.phone})`).join(', and '),
    es: offices.map((o) => `${o.name} en ${address(o)} (${o.phone})`).join(', y '),
  };
}

function about(ctx: Context): Draft {
  const text = fold(normaliseSpelling(ctx.text));
  const since = new Date().getFullYear() - company.foundingYear;
  const guarantee = company.promises.find((p) => /guarantee/i.test(p));
  const years = es(ctx)
    ? `Somos una empresa local: atendemos el centro de Texas desde ${company.foundingYear}, hace unos ${since} años, desde nuestras oficinas de Austin y Marble Falls.`
    : `We are a local company and have served Central Texas since ${company.foundingYear}, about ${since} years, from our offices in Austin and Marble Falls.`;
  const standBehind = es(ctx) ? 'respaldamos nuestro trabajo con una garantía de satisfacción del 100%.' : `we stand behind our work with a ${guarantee?.toLowerCase()}.`;
  // "…a couple went out of business with my warranty still open. How long has your company been in business?": the years first.
  const yearsAsked = /\bhow long\b.{0,40}\b(in business|around|been (doing|operating|open))\b|\bhow many years\b|\bsince when\b|\bwhat year\b|\bdesde cuando\b|\bcuantos anos\b/.test(text);
  if (guarantee && yearsAsked && /guarant|warrant|garantia/.test(text)) {
    return { sentences: [years, `${standBehind.charAt(0).toUpperCase()}${standBehind.slice(1)}`], link: '/about' };
  }
  if (guarantee && !yearsAsked && /guarant|warrant|satisf|happy|make it right|stand\w* behind|comes? back|fails?|breaks? again|again|garantiz|garantia/.test(text)) {
    return es(ctx)
      ? { sentences: [`Sí: ${standBehind}`, `Si no queda satisfecho con un trabajo, llame a ${callUs(officeFor(ctx), 'es')} y lo arreglamos.`], link: '/about' }
      : { sentences: [`Yes: ${standBehind}`, `If you are not satisfied with a job we did, call ${callUs(officeFor(ctx), 'en')} and we will make it right.`], link: '/about' };
  }
  return es(ctx)
    ? { sentences: [years, `Trabajamos bajo la licencia de Texas Master Plumber ${company.licence.number}, con presupuestos gratis y precios por adelantado.`], link: '/about' }
    : { sentences: [years, `Our work is done under ${licence}, with free estimates and upfront pricing.`], link: '/about' };
}

/**
 * Nothing fits well enough: say so, and offer the phone, a text and the scheduler. The reply shows the
 * handoff card (call and text buttons) and the quick replies include scheduling.
 */
function unsure(ctx: Context): Draft {
  const call = callUs(officeFor(ctx), ctx.language);
  return es(ctx)
    ? { sentences: ['No estoy seguro de poder responder eso correctamente aquí.', `Llame o envíe un mensaje de texto a ${call}, o use el botón para agendar una visita en línea.`], needsHandoff: true }
    : { sentences: ["I'm not sure I can answer that correctly here.", `Please call or text ${call}, or use the button below to schedule a visit online.`], needsHandoff: true };
}

function licenceAnswer(ctx: Context, permit = false): Draft {
  // "Do you pull the permit or do I?": the licence, and what the permit page says about applying for one.
  const permitPage = '/permit-resolution-services';
  const hit = permit && !es(ctx) ? index.search(`${ctx.text} permit needed apply licensed plumber`, { paths: (p) => p === permitPage, limit: 1 })[0] : undefined;
  if (hit) return { sentences: [`We are licensed: our work is done under ${licence}.`, ...bestSentences(hit.passage, `${ctx.text} permit apply`).slice(0, 2)], link: permitPage };
  return es(ctx)
    ? { sentences: [`Sí, tenemos licencia y seguro: trabajamos bajo la licencia de Texas Master Plumber ${licence.split(' ').pop()}.`, `Damos servicio desde ${company.foundingYear} con presupuestos gratis y precios por adelantado.`], link: '/about' }
    : { sentences: [`Yes, we are licensed and insured: our work is done under ${licence}.`, `We have served Central Texas since ${company.foundingYear}, with free estimates and upfront pricing.`], link: '/about' };
}

const spanishPayment: Record<string, string> = { Cash: 'efectivo', 'Credit card': 'tarjeta de crédito', Check: 'cheque' };
const listOf = (items: string[], and: string) => items.join(', ').replace(/, ([^,]*)$/, ` ${and} $1`);

function payments(ctx: Context): Draft {
  const accepted = company.payments.accepted as readonly string[];
  return es(ctx)
    ? { sentences: [`Aceptamos ${listOf(accepted.map((a) => spanishPayment[a] ?? a.toLowerCase()), 'y')}.`, 'Le damos el precio por adelantado, antes de empezar el trabajo.', `Para otras formas de pago, llame a ${callUs(officeFor(ctx), 'es')}.`], link: '/faq' }
    : { sentences: [`We accept ${listOf(accepted.map((a) => a.toLowerCase()), 'and')}.`, 'You get an upfront price before any work starts, and that is the price on your invoice.', `For any other way to pay, such as financing, call ${callUs(officeFor(ctx), 'en')}.`], link: '/faq' };
}

const membershipName = (m: (typeof memberships)[number]) => m.name.replace(' Membership', '');

function membership(ctx: Context): Draft {
  // A follow-up ("and the tankless one?") is read with the question before it.
  const earlier = [...ctx.history].reverse().find((t) => t.role === 'user');
  const text = fold(earlier && ctx.text.split(/\s+/).length <= 6 ? `${earlier.content} ${ctx.text}` : ctx.text);
  const wantsTankless = /tankless|sin tanque/.test(text);
  const wantsTank = /\btank\b|tanque/.test(text) && !wantsTankless;
  let picked = memberships.filter((m) => {
    // ("different q, what's in the commercial vip": whole words; both plans when both are named.)
    if (/\b(rentals?|rent|renting|landlords?|alquiler)\b/.test(text)) return m.audience === 'rental';
    if (/\b(commercial|business|businesses|comercial|negocios?)\b/.test(text)) return m.audience === 'commercial';
    return /\bplatinum\b/.test(text) && m.id.startsWith('platinum') || /\bsilver\b/.test(text) && m.id.startsWith('silver');
  });
  if (wantsTankless) picked = picked.filter((m) => !m.id.includes('-tank') || m.id.endsWith('tankless'));
  if (wantsTank) picked = picked.filter((m) => !m.id.endsWith('tankless'));
  const term = (m: (typeof memberships)[number]) => (m.termYears ? (es(ctx) ? `por ${m.termYears === 1 ? '1 año' : `${m.termYears} años`}` : `for ${m.term}`) : '');

  if (picked.length === 0) {
    const byId = Object.fromEntries(memberships.map((m) => [m.id, formatDollars(m.price)]));
    return es(ctx)
      ? { sentences: [`Nuestras membresías VIP: Silver ${byId['silver-vip-tank']} al año (tanque) o ${byId['silver-vip-tankless']} (sin tanque), Platinum ${byId['platinum-vip-tank']} o ${byId['platinum-vip-tankless']} por 3 años, Commercial VIP ${byId['commercial-vip']} y Rental VIP ${byId['rental-vip']}.`, 'Los planes residenciales incluyen la limpieza de hasta 2 calentadores, una revisión de plomería, precios preferenciales y prioridad en emergencias.'], link: '/membership-benefits' }
      : { sentences: [`Our VIP memberships: Silver ${byId['silver-vip-tank']} a year (tank) or ${byId['silver-vip-tankless']} (tankless), Platinum ${byId['platinum-vip-tank']} or ${byId['platinum-vip-tankless']} for 3 years, Commercial VIP ${byId['commercial-vip']} and Rental VIP ${byId['rental-vip']}.`, 'Residential plans include a flush of up to 2 water heaters, a plumbing check-up, preferred pricing and priority emergency scheduling.'], link: '/membership-benefits' };
  }
  const listed = picked.map((m) => `${membershipName(m)}: ${formatDollars(m.price)}${term(m) ? ` ${term(m)}` : ''}`).join('; ');
  // Several plans at once: one plan's benefits are never told as another's. Tank and tankless plans of one
  // tier differ only in the kind of heater; Silver and Platinum differ in their visits.
  const bothTiers = picked.some((m) => m.id.startsWith('silver')) && picked.some((m) => m.id.startsWith('platinum'));
  const benefitsOf = (m: (typeof memberships)[number]) => m.benefits.map((b) => (picked.length > 1 ? b.replace(/\b(tank|tankless) water heaters\b/, 'water heaters') : b).toLowerCase()).join(', ');
  const tierOf = (tier: string) => picked.find((m) => m.id.startsWith(tier))!;
  const renew = /renew|renov/.test(text);
  return es(ctx)
    ? { sentences: [`${listed}.`, `Los beneficios de cada membresía están en nuestra página de membresías; para preguntas, llame a ${callUs(officeFor(ctx), 'es')}.`, ...(renew ? [`Para la renovación, pregunte a ${callUs(undefined, 'es')}.`] : [])], link: '/membership-benefits' }
    : { sentences: [`${listed}.`, bothTiers ? `Silver includes: ${benefitsOf(tierOf('silver'))}; Platinum includes: ${benefitsOf(tierOf('platinum'))}.` : `It includes: ${benefitsOf(picked[0]!)}.`, ...(renew ? [`For renewal terms, ask ${callUs(undefined, 'en')}.`] : [])], link: '/membership-benefits' };
}

// ---------- prices ----------

const priceTopics: [RegExp, PriceGuide['id'][]][] = [
  [/^(?!(?!.*\b(service call|diagnos\w*|trip (fee|charge))\b).*\b(after[- ]hours|emergency|midnight|middle of the night|at night|weekends?|holidays?|on a (saturday|sunday))\b).*?(?:\bthe visit itself\b|\bhow much (would|will|does) the visit cost\b|\bhow much (would|will|is) the visit( be)?\W*$|\b(don'?t|do not) (end up )?(do|doing) the (repair|work|job)\b|\bvisit\b.{0,15}\bfree\b|\bfree\b.{0,15}\bvisit\b|\bhow much (is|for|does) (the|a|your) (visit|trip|house call)\b|\bcharge\b.{0,20}\b(if|when) (you|u|y'?all|someone|the tech\w*|a plumber) (come|comes) out and (i|we) (don'?t|do not|dont|decide not)\b|\bpay (for )?(the|a|that) (visit|trip)\b|service call|trip (charge|fee)|diagnostic|diagnos\w* (fee|visit|charge|cost|price)|(fee|charge|cost|price|pay) (just )?(for|to) (the |a )?diagnos\w*|\bdiagnos\w* (a|the|my|our) (problem|issue)\b|\b(tech\w*|plumber|someone|somebody) (to )?diagnos\w*|\b(la|una|por) visita\b|\bcharge for the visit\b|\bpor venir\b(?! a (destapar|arreglar|reparar|cambiar|instalar|limpiar))|\bvenir a (ver|revisar)\b|visit fee|come out fee|call[- ]out fee|just to come|\b(send|get|have) (someone|somebody|a plumber|a guy|a man|a tech\w*|you) (out|over)\b|\b(come|stop by|swing by)( out| over| by)? (and|to) (just )?(look|take a look|have a look|check|see|diagnos\w*)\b|\b(to|for you to|for someone to) (just )?(come|show up|stop by)( out| over| by)?\b(?!.{0,30}\b(toilet|faucet|heater|drain|leak|sink|pipe|gas|disposal)s?\b)(?!.{0,50}\b(fix|replace|install|repair|unclog|clear|snake)\w*\b)|\bhouse call\b|\bper (visit|call)\b|\bvisit (cost|charge|price|fee)s?\b|\b(have|get) (someone|somebody|a plumber|a tech\w*|you) (come|stop by|swing by)\b(?!.{0,30}\b(unclog|fix|replace|install|repair|clear|snake|toilet|faucet|heater|drain|line|leak|sink|pipe|gas|disposal)s?\b))/, ['service-call']],
  [/after[- ]hours|(?<!(last|all) )nights?|weekends?|holidays?|emergency (fee|call|rate|charge)|\b(9|10|11|12) ?pm\b|\b[1-5] ?am\b|midnight|middle of the night|saturdays?|sundays?|fuera de horario|de noche|fines? de semana|emergencias?\b/, ['emergency-after-hours']],
  [/(water heater|calentador|heater|tankless).*(flush|drain|limpi)|(flush|limpi).*(water heater|calentador|heater|tankless)/, ['water-heater-flush']],
  [/tankless|sin tanque/, ['tankless-install']],
  [/(water heater|calentador|heater).*(repair|fix|element|thermostat|arregl|repar)/, ['water-heater-repair']],
  [/water heater|calentador|heater|hot water/, ['tank-water-heater-replace', 'water-heater-repair']],
  [/hydro ?jet\w*|jetting|\bjet\b/, ['hydro-jetting']],
  [/camera|camara/, ['camera-inspection']],
  [/french drain|yard drain/, ['french-drain']],
  [/main (sewer|line|drain)|sewer line|sewer|cleanout|(drenaje|linea|tuberia) principal|alcantarillado/, ['main-line-clear']],
  [/(toilet|inodoro|escusado|excusado).*(replac|new|install|nuevo|cambiar|reemplazar|instalar)|(replac|new|install|cambiar|reemplazar|instalar).*(toilet|inodoro|escusado|excusado)/, ['toilet-replace']],
  [/toilet|inodoro|escusado|excusado/, ['toilet-repair']],
  [/(faucet|grifo|llave).*(install|new|replac|instala|nuevo|cambiar|reemplazar)|(install|new|replac|instala|cambiar|reemplazar).*(faucet|grifo|llave)/, ['faucet-install']],
  [/faucet|grifo/, ['faucet-repair']],
  [/(disposal|triturador).*(replac|new|install|cambiar|reemplazar|nuevo|instalar)|(replac|new|install|cambiar|reemplazar|instalar).*(disposal|triturador)/, ['disposal-replace']],
  [/disposal|triturador/, ['disposal-repair']],
  // "I think I have a slab leak" then "how much is just finding it?": the finding, not the repair.
  [/leak.*\b(just )?(find\w*|locat\w*|detect\w*) (it|them)\b/, ['leak-detection']],
  [/(?<!gas )leak detection|detect\w* (a |the )?leaks?|deteccion\w*( electronica)? de fugas?|(find|locat)\w* (a |the )?(hidden |slab |underground )?leaks?|hidden leaks?/, ['leak-detection']],
  [/slab/, ['slab-leak-repair']],
  [/yard (water )?line|water line|service line|linea de agua/, ['water-line-repair']],
  [/gas leak|gas test|pressure test/, ['gas-leak-test']],
  [/gas line|new gas|gas pipe/, ['gas-line-new']],
  // "What does the detection cost?" after a hidden leak: the finding.
  [/\bdetection\b/, ['leak-detection']],
  [/gas|stove|dryer|\b(gas|new|kitchen|electric) range\b|\brange (hookup|hook-up|connection)\b|grill/, ['gas-appliance-connect']],
  [/backflow.*(test|prueba)|(test|prueba).*backflow/, ['backflow-test']],
  [/backflow/, ['backflow-install']],
  [/pressure|prv|reducing valve/, ['prv-replace']],
  [/sewage pump|ejector|grinder/, ['sewage-pump-replace']],
  [/hose bib|spigot|frozen|freeze/, ['hose-bib-freeze']],
  [/leak|fuga|drip/, ['leak-repair-accessible']],
  [/drain|clog|sink|tub|shower|destapar|drenaje|tapad/, ['drain-clog-fixture']],
];

/**
 * Parts a repair guide names in src/business ("Toilet repair (fill valve, flapper, wax ring)"): a
 * question about one of them ("a new flapper") is that repair, not a new fixture. Single short words
 * ("valve", "washer") name too many things to decide it.
 */
const repairParts = priceGuides
  .filter((g) => g.id.endsWith('-repair'))
  .flatMap((g) => (/\(([^)]*)\)/.exec(g.job)?.[1] ?? '').split(/,|\bor\b/).map((p) => fold(p).trim())
    .filter((p) => p.includes(' ') || p.length >= 7).map((part) => ({ part, guide: g })));

/** Price guides for the job the visitor means: their words, then the conversation, then the page. */
function guidesNamedIn(candidate: string): PriceGuide[] {
  // "Swap out", "change out" and "upgrade" a fixture all mean replacing it.
  const text = fold(candidate).replace(/\b(swap|switch|chang(e|ing)|trad(e|ing))\w*\s+(it\s+|that\s+)?out\b|\bupgrad\w*/g, 'replace');
  const part = repairParts.find((p) => new RegExp(`\\b${p.part}s?\\b`).test(text));
  if (part) return [part.guide];
  for (const [pattern, ids] of priceTopics) {
    if (pattern.test(text)) return ids.map((id) => priceGuides.find((g) => g.id === id)!);
  }
  return [];
}

function priceGuidesFor(ctx: Context): PriceGuide[] {
  const earlier = ctx.history.filter((t) => t.role === 'user').map((t) => t.content).reverse();
  const own = guidesNamedIn(ctx.text);
  // A short follow-up refines the job before it ("is that the same for tankless?" after a flush, "and
  // to replace it?" after a toilet repair) unless it names a job of another service ("the disposal?").
  const before = earlier[0] !== undefined ? guidesNamedIn(earlier[0]) : [];
  // (A longer one that names no job refines it too: "would you like the typical prices?" carried before "yes how much to replace it".)
  if (before.length > 0 && (own.length === 0 || ctx.text.split(/\s+/).length <= 10 && own[0]!.serviceIds[0] === before[0]!.serviceIds[0])) {
    const together = guidesNamedIn(`${earlier[0]} ${ctx.text}`);
    if (together.length > 0) return together;
  }
  if (own.length > 0) return own;
  for (const candidate of [...earlier, ctx.pagePath.replace(/[-/]/g, ' ')]) {
    const guides = guidesNamedIn(candidate);
    if (guides.length > 0) return guides;
  }
  return [];
}

function factorsFor(guides: PriceGuide[]): string[] {
  const ids = guides.map((g) => g.id).join(' ');
  if (/after-hours|service-call/.test(ids)) return [priceFactors[4], priceFactors[0]];
  if (/water-heater|tankless|gas|backflow|sewage/.test(ids)) return [priceFactors[2], priceFactors[1]];
  if (/toilet|faucet|disposal/.test(ids)) return [priceFactors[1], priceFactors[0]];
  return [priceFactors[0], priceFactors[3]];
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
/** "Parts and fixtures: standard, …" → "parts and fixtures". */
/** A price factor as the object of "depends on": "how easy…", "whether…", or "the age and condition…". */
const shortFactor = (factor: string) => {
  const phrase = lowerFirst(factor.split(/[:(]/)[0]!.trim());
  return /^(how|whether|after)\b/.test(phrase) ? phrase : `the ${phrase}`;
};

/**
 * Store products the price question is about: those it names, or, for a short "how much is that one?" right
 * after a turn that named some (and naming no job itself), those.
 */
function productsAskedAbout(ctx: Context): ReturnType<typeof productsNamed> {
  const folded = fold(ctx.text);
  const named = productsNamed(folded);
  if (named.length > 0 || folded.split(/\s+/).length > 12 || guidesNamedIn(ctx.text).length > 0) return named;
  if (!/\b(ese|esa|eso|este|esta|that|it|this|one|them|those|oz|onzas?|ounces?|bottles?|botellas?)\b/.test(folded)) return [];
  return productsNamed(fold(ctx.history.slice(-2).map((t) => t.content).join(' ')));
}

function pricing(ctx: Context): Draft {
  const named = productsAskedAbout(ctx);
  if (named.length > 0) {
    const list = named.map((p) => `${p.name}: ${formatDollars(p.price)}`).join('; ');
    return es(ctx)
      ? { sentences: [`En nuestra tienda en línea: ${list}.`, `Para preguntas sobre el producto, llame a ${callUs(officeFor(ctx), 'es')}.`], link: '/store' }
      : { sentences: [`In our online store: ${list}.`, `For questions about it, call ${callUs(officeFor(ctx), 'en')}.`], link: '/store' };
  }
  const guides = priceGuidesFor(ctx);
  const exact = /\bexact\b|\bfirm\b|\bguarantee\w*|\bover (chat|the phone)\b|\bexacto\b/.test(fold(ctx.text));
  if (guides.length === 0) {
    const clog = priceGuides.find((g) => g.id === 'drain-clog-fixture')!;
    const heater = priceGuides.find((g) => g.id === 'tank-water-heater-replace')!;
    return es(ctx)
      ? { sentences: ['Cada trabajo recibe un presupuesto gratis y un precio por adelantado antes de empezar.', `Como guía, destapar un drenaje cuesta normalmente ${formatRange(clog, 'es')} y reemplazar un calentador de tanque ${formatRange(heater, 'es')}; dígame el trabajo y le doy su rango.`], link: '/plumbing-cost-estimator' }
      : { sentences: ['Every job gets a free estimate and an upfront price before any work starts.', `As a guide, clearing a sink drain typically runs ${formatRange(clog)} and replacing a tank water heater ${formatRange(heater)}; tell me the job and I will give you its range.`], link: '/plumbing-cost-estimator' };
  }
  const ranges = guides.map((g, i) => {
    const name = es(ctx) ? g.jobEs : g.job;
    const job = i === 0 ? name : lowerFirst(name);
    return es(ctx) ? `${job}: normalmente ${formatRange(g, 'es')}` : `${job}: typically ${formatRange(g)}`;
  }).join('; ');
  const [f1, f2] = factorsFor(guides);
  const service = guides[0]!.serviceIds[0];
  const link = service && service !== 'plumber-near-me' ? `/${service}` : '/plumbing-cost-estimator';
  return es(ctx)
    ? { sentences: [`${ranges}.`, 'El precio depende del acceso al problema, las piezas y si se necesita permiso.', `${exact ? 'No puedo dar un precio exacto por chat: estos' : 'Estos'} rangos son una guía, no una cotización; le damos un presupuesto gratis y un precio por adelantado antes de empezar.`], link }
    : { sentences: [`${ranges}.`, `The price depends mostly on ${shortFactor(f1!)}, and on ${shortFactor(f2!)}.`, `${exact ? 'I cannot give an exact price in chat: ' : ''}These ranges are a guide, not a quote; we give you a free estimate and an upfront price before any work starts.`.replace(': These', ': these')], link };
}

/** How booking works, from src/business: same-day service, the arrival windows, how many days ahead. */
function howBookingWorks(ctx: Context): Draft {
  const office = officeFor(ctx);
  // "What happens at the first visit?": what the plumber does there, from our promises (free estimates, upfront prices).
  if (/\bwhat (actually |exactly )?happens\b|\bque pasa\b|\bwhat (does|do) (the|a|your) (plumber|tech\w*) (actually )?do\b/.test(fold(ctx.text))) {
    const visit = es(ctx) ? 'En la visita, el plomero revisa el problema y le da un presupuesto gratis con un precio por adelantado antes de empezar cualquier trabajo.' : 'At the visit, the plumber looks at the problem and gives you a free estimate with an upfront price before any work starts.';
    const draft = howBookingWorksInGeneral(ctx, office);
    return { ...draft, sentences: [visit, ...draft.sentences.slice(1)] };
  }
  return howBookingWorksInGeneral(ctx, office);
}

function howBookingWorksInGeneral(ctx: Context, office: ReturnType<typeof officeFor>): Draft {
  return es(ctx)
    ? { sentences: ['Ofrecemos servicio el mismo día; llame temprano para tener más opciones.', `No tiene que esperar todo el día: elige una ventana de llegada por la mañana o por la tarde, entre ${opens} y ${closes}, hasta ${bookingDaysAhead} días por adelantado.`, `Reserve en línea o llame a ${callUs(office, 'es')}.`], link: '/schedule-appointment' }
    : { sentences: ['We offer same-day service; call early in the day for the most choice.', `You don't wait around all day: you pick a morning or afternoon arrival window between ${opens} and ${closes}, up to ${bookingDaysAhead} days ahead.`, `Book online or call ${callUs(office, 'en')}.`], link: '/schedule-appointment' };
}

/** "What should I do before the plumber comes?": the site's own "before we arrive" advice, from the page of the job
 * talked about earlier when it has one, else the general advice of the plumber page. */
function gettingReady(ctx: Context): Draft {
  const office = officeFor(ctx);
  const talkedAbout = ctx.history.filter((t) => t.role === 'user').map((t) => t.content).join(' ');
  const advice = (path: string) => contentIndex.find((p) => p.path === path && /before we arrive/i.test(p.heading));
  const page = (talkedAbout ? servicePagesFor(talkedAbout).find((path) => advice(path)) : undefined) ?? '/plumber-near-me';
  const sentences = advice(page)!.text.split(/(?<=[.!?])\s+/).filter((s) => !/\b(book|schedule|contact us|call us|faq)\b/i.test(s)).slice(0, 2);
  return es(ctx)
    ? { sentences: ['Ubique la llave de paso principal del agua y revise que gire, para poder cerrar el agua rápido si una fuga empeora.', 'Despeje el área debajo del fregadero, alrededor del calentador o cerca del problema para que el plomero pueda llegar.', 'Cada visita incluye un presupuesto gratis y un precio por adelantado antes de empezar.', `Si tiene dudas, llame a ${callUs(office, 'es')}.`], link: page }
    : { sentences: [...sentences, `Every visit comes with a free estimate and an upfront price before work begins; questions before then, call ${callUs(office, 'en')}.`], link: page };
}

/** An offer of a visit turned down for now. */
function notNow(ctx: Context): Draft {
  const office = officeFor(ctx);
  return es(ctx)
    ? { sentences: ['Claro, no hay prisa.', `Cuando esté listo, agende en línea o llame a ${callUs(office, 'es')}.`] }
    : { sentences: ['No problem, take your time.', `When you are ready, book online or call ${callUs(office, 'en')}.`] };
}

/** A booking already made, to move: the scheduler only books new visits, so a person does it. */
function movingABooking(ctx: Context): Draft {
  const office = officeFor(ctx);
  return es(ctx)
    ? { sentences: ['El calendario en línea solo agenda visitas nuevas; para cambiar o cancelar una cita que ya tiene, nuestro equipo lo hace por usted.', `Use los botones de abajo para enviarnos un mensaje de texto o llame a ${callUs(office, 'es')}, de lunes a viernes de ${opens} a ${closes}.`], needsHandoff: true }
    : { sentences: ['The online scheduler books new visits only; to move or cancel an appointment you already have, our team will do it for you.', `Use the buttons below to text us, or call ${callUs(office, 'en')}, Monday to Friday ${opens} to ${closes}.`], needsHandoff: true };
}

function scheduling(ctx: Context, alsoAsked?: Classification['alsoAsked']): Draft {
  const office = officeFor(ctx);
  const cityNote = ctx.places.cities[0] ? (es(ctx) ? ` en ${ctx.places.cities[0].name}` : ` in ${ctx.places.cities[0].name}`) : '';
  // "Book me Friday, cash ok?", "you pull the permit right?": the second question is answered too, by the first
  // sentence of its own answer (a permit by the licence and who applies; financing by the office's number; what
  // only a person knows by a person).
  const folded = fold(ctx.text);
  const permitAsked = alsoAsked === 'licence' && !es(ctx) && /\bpermits?\b/.test(folded);
  const besides = alsoAsked === 'payments' ? payments(ctx).sentences.slice(0, 1)
    : alsoAsked === 'pricing' ? pricing(ctx).sentences.slice(0, 1)
    : alsoAsked === 'licence' ? licenceAnswer(ctx, permitAsked).sentences.slice(0, permitAsked ? 2 : 1)
      : alsoAsked === 'about' ? about(ctx).sentences.slice(0, 1)
        : alsoAsked === 'contact' ? contact(ctx).sentences.slice(0, 1) : [];
  const call = alsoAsked === 'payments' && /financ|payment plan|monthly|mensual/.test(folded) ? payments(ctx).sentences[2]!
    : alsoAsked === 'unsure' ? (es(ctx) ? `Nuestro equipo responde su otra pregunta: llame o envíe un mensaje de texto a ${callUs(office, 'es')}.` : `Our team will answer your other question: call or text ${callUs(office, 'en')}.`)
      : es(ctx) ? `Si prefiere, llame a ${callUs(office, 'es')}, de lunes a viernes de ${opens} a ${closes}.` : `If you prefer, call ${callUs(office, 'en')}, Monday to Friday ${opens} to ${closes}.`;
  // Two to four sentences: with two sentences besides, the scheduler's own call line is left out.
  const rest = [...besides, ...(besides.length > 1 || alsoAsked === 'contact' ? [] : [call])];
  return es(ctx)
    ? { sentences: [`Abro nuestro calendario en línea para que elija el día y el horario de llegada${cityNote}.`, ...rest], openScheduler: true, link: '/schedule-appointment' }
    : { sentences: [`I'm opening our online scheduler so you can pick a day and arrival window${cityNote}.`, ...rest], openScheduler: true, link: '/schedule-appointment' };
}

// ---------- topics from the site's content ----------

const topicPages: Partial<Record<Intent, RegExp>> = {
  water_heater: /^\/(water-heater|flushing-a-water-heater|tank-vs-tankless)/,
  leak: /^\/(leak-repair|water-leak-repair|slab-leak|how-to-find-your-main)/,
  drain: /^\/(drain-cleaning|hydro-jetting|rooter|what-not-to-put|drainage-solutions)/,
  commercial: /^\/(commercial|backflow-testing)/,
};

const spanishTopic: Partial<Record<Intent, { sentence: string; link: string }>> = {
  water_heater: { sentence: 'Reparamos, limpiamos y reemplazamos calentadores de agua de tanque y sin tanque, de gas y eléctricos; el agua dura del centro de Texas acumula sarro, y una limpieza a tiempo alarga su vida.', link: '/water-heater-services' },
  leak: { sentence: 'Encontramos y reparamos fugas en tuberías, conexiones, llaves, paredes y debajo de la losa, con detección electrónica cuando la fuga no se ve.', link: '/leak-repair' },
  drain: { sentence: 'Destapamos lavabos, tinas, inodoros y líneas principales, y revisamos la línea con cámara cuando el problema vuelve.', link: '/drain-cleaning' },
  commercial: { sentence: 'Atendemos restaurantes, tiendas, oficinas y propiedades de alquiler, con trabajos programados fuera de su horario y emergencias 24/7.', link: '/commercial-services' },
  services: { sentence: 'Hacemos reparaciones e instalaciones de plomería residencial y comercial: inodoros, grifos, trituradores, líneas de gas, prevención de reflujo y más.', link: '/services' },
};

// Words too common in service names to tell one service from another.
const genericServiceWords = new Set(tokenize('repair repairs service services installation install plumbing plumber water fixed replaced residential commercial home homes'));
const serviceVocabulary = services
  .filter((s) => s.kind === 'service')
  .map((s) => ({
    path: `/${s.slug}`,
    words: new Set(tokenize(`${s.title} ${s.short}`).filter((w) => !genericServiceWords.has(w))),
    titleWords: new Set(tokenize(s.title).filter((w) => !genericServiceWords.has(w))),
  }));

/** How rare a word is among the services: a word only one service uses tells most. */
const serviceIdf = (() => {
  const df = new Map<string, number>();
  for (const s of serviceVocabulary) for (const w of s.words) df.set(w, (df.get(w) ?? 0) + 1);
  return (w: string) => Math.log(1 + serviceVocabulary.length / (df.get(w) ?? serviceVocabulary.length));
})();

/** The service pages whose name and summary share the most (and rarest) words with the question; words of the name count twice. */
function servicePagesFor(query: string): string[] {
  const terms = [...new Set(tokenize(query))];
  const scored = serviceVocabulary
    .map((s) => ({ path: s.path, score: terms.filter((t) => s.words.has(t)).reduce((sum, t) => sum + serviceIdf(t) * (s.titleWords.has(t) ? 2 : 1), 0) }))
    .filter((s) => s.score > 0);
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored.filter((s) => s.score >= best - 1e-9).sort((a, b) => b.score - a.score).map((s) => s.path);
}

/** The best one or two sentences of a passage: an FAQ answer's opening, or the sentence sharing most words and the next. */
function bestSentences(passage: Passage, query: string): string[] {
  const all = sentences(passage.text).filter((s) => s.length >= 30 && s.length <= 320 && !/\$|\(\d{3}\)/.test(s));
  if (all.length === 0) return [];
  if (passage.heading.endsWith('?')) return all.slice(0, 2);
  const terms = new Set(tokenize(query));
  let best = 0;
  all.forEach((s, i) => {
    if (tokenize(s).filter((t) => terms.has(t)).length > tokenize(all[best]!).filter((t) => terms.has(t)).length) best = i;
  });
  return all.slice(best, best + 2);
}

const overlapOf = (sentence: string, query: string) => {
  const terms = new Set(tokenize(query));
  return new Set(tokenize(sentence).filter((t) => terms.has(t))).size;
};

/** The listed warning sign that shares the most words (at least two) with the question. */
function signMatch(hits: { passage: Passage }[], query: string): { passage: Passage; sentence: string; overlap: number } | undefined {
  let best: { passage: Passage; sentence: string; overlap: number } | undefined;
  for (const { passage } of hits) {
    for (const sentence of sentences(passage.text)) {
      const overlap = overlapOf(sentence, query);
      if (overlap >= 2 && overlap > (best?.overlap ?? 0)) best = { passage, sentence, overlap };
    }
  }
  return best;
}

/**
 * The least share of a question's words (idf-weighted) a passage must contain to be quoted. Measured
 * on the tuning set: every passage that answered a topic question well covered 0.34 or more of it;
 * passages below 0.3 answered something else.
 */
export const minimumCoverage = 0.3;
/** Symptoms in a visitor's words that one service's page explains, where few of their words are the page's own. */
const symptomPages: [RegExp, string][] = [
  // "Loud bang in the pipes when the washing machine stops filling": water hammer, a pressure problem.
  [/\b(bang\w*|hammer\w*|knock\w*|thud\w*|thunk\w*)\b.{0,30}\b(pipes?|walls?)\b|\bpipes?\b.{0,30}\b(bang|knock|hammer|thud|thunk)\w*/, 'water-pressure-solutions'],
];

const topicServicePage: Partial<Record<Intent, string>> = {
  water_heater: 'water-heater-services', leak: 'leak-repair', drain: 'drain-cleaning', commercial: 'commercial-services',
};

const capabilityQuestion = /^\s*(do|can|could|will|would) (you|y'?all|your (team|company|plumbers))\b.{0,20}\b(do|fix|repair|install|replace|offer|handle|help|work on|service|clean|clear|test|unclog|take care|run|put in|hook up|connect|add|move)\b/;
const signsHeading = 'Signs you need this service';

/** Our range of work in one sentence, for a question about all of it or about work src/business does not list. */
const rangeOfWork = 'We do residential and commercial plumbing: drains and sewer lines, leaks, water heaters, toilets and faucets, gas lines and backflow, among others.';
/** The range of work asked about as a whole, no job named. */
const generalServicesAsked = /\bwhat (kind|kinds|type|types|sort|sorts) of (work|jobs|services|plumbing|things|stuff) (do|does|can) (you|y'?all|u|your)\b(?!.{0,30}\b(on|for|with)\b)|\bwhat (services|work|jobs) (do|does|can) (you|y'?all|u|your \w+) (do|offer|provide|handle)\W*$|\bwhat all (do|does|can) (you|y'?all|u)( guys)? (do|handle|fix|offer)\W*$|^\W*what do (you|y'?all|u)( guys)? (do|offer)\W*$/;
/** Kinds of work a visitor names that src/business lists neither as a service nor in the price guide. */
const unlistedWork = /\b(water softeners?|whole[- ]house repip\w*|repip\w*|redo (all )?(the |our |my )?(old )?pipes|replac\w* (all )?(the |our |my )?(old |galvani[sz]ed )?pipes|sewer (line |main )?replacements?|replac\w* (a |the |my |our )?(whole )?sewer (line|main)|(bathroom |kitchen )?remodel\w*)\b/;

function topic(ctx: Context, intent: Intent): Draft {
  const call = callUs(officeFor(ctx), ctx.language);
  // "Do you do whole-house repiping?": a kind of work src/business does not list is neither promised nor
  // refused; the listed work is named and a person says whether the job fits.
  const unlistedMatch = intent === 'services' ? unlistedWork.exec(fold(ctx.text))?.[0] : undefined;
  const unlisted = unlistedMatch && (/repip|pipes/.test(unlistedMatch) ? 'repiping' : /sewer/.test(unlistedMatch) ? 'sewer line replacement' : /softener/.test(unlistedMatch) ? 'water softener' : 'remodel');
  // "What all do you guys do?", "what kind of work do you do?": the whole range, not one page that shares a word.
  const overview = intent === 'services' && !es(ctx) && generalServicesAsked.test(fold(ctx.text)) && !topicOf(ctx.text);
  if (unlisted || overview) {
    if (!unlisted) return { sentences: [rangeOfWork, `Tell me the job for its details, or call ${call} for a free estimate and an upfront price.`], link: '/services' };
    return es(ctx)
      ? { sentences: ['Hacemos plomería residencial y comercial: drenajes y líneas de drenaje, fugas, calentadores de agua, inodoros y grifos, líneas de gas y prevención de reflujo, entre otros.', `Para saber si su trabajo de ${unlisted} nos corresponde, llame a ${call}; le damos un presupuesto gratis y un precio por adelantado.`], link: '/services' }
      : { sentences: [rangeOfWork, `Whether your ${unlisted} job is one we take on is a question for our team: call ${call} for a free estimate and an upfront price.`], link: '/services' };
  }
  if (es(ctx)) {
    const t = spanishTopic[intent] ?? spanishTopic.services!;
    return { sentences: [t.sentence, `Le damos un presupuesto gratis y un precio por adelantado; llame a ${call} o agende en línea.`], link: t.link };
  }
  const cta = intent === 'commercial'
    ? `For businesses we offer Commercial VIP (${formatDollars(memberships.find((m) => m.id === 'commercial-vip')!.price)}) with priority emergency service; call ${call}.`
    : `We give free estimates and upfront prices; call ${call}, or schedule online.`;
  const pages = topicPages[intent];
  const named = servicePagesFor(ctx.text).filter((p) => !pages || pages.test(p));

  // "Do you install garbage disposals?": yes, with the service's own one-line summary from src/business.
  // Only when the question names the service itself (a word of its title), not a word its summary shares.
  const titled = named.filter((p) => tokenize(ctx.text).some((t) => serviceVocabulary.find((s) => s.path === p)!.titleWords.has(t)));
  if (titled.length > 0 && capabilityQuestion.test(fold(ctx.text))) {
    const service = services.find((s) => `/${s.slug}` === titled[0])!;
    return { sentences: [`Yes, we do: ${service.title} covers ${lowerFirst(service.short)}`, cta], link: titled[0] };
  }
  // "Do you do sewer camera inspections?": a job the price guide lists, with its typical range.
  const guides = intent === 'services' && titled.length === 0 && capabilityQuestion.test(fold(ctx.text)) ? guidesNamedIn(ctx.text) : [];
  if (guides.length === 1 && guides[0]!.low > 0) {
    const guide = guides[0]!;
    const link = `/${services.find((s) => s.id === guide.serviceIds[0])?.slug ?? 'plumbing-cost-estimator'}`;
    return { sentences: [`Yes, we do: our price guide lists "${guide.job}" at typically ${formatDollars(guide.low)}–${formatDollars(guide.high)}.`, cta], link };
  }
  // "My tub spout drips nonstop": a dripping fixture is the faucet repair, not a page that only names the fixture.
  const drippingFixture = /\b(faucets?|spouts?|shower ?heads?|taps?)\b.{0,25}\b(drip\w*|leak\w*)\b|\b(drip\w*|leak\w*)\b.{0,15}\b(faucets?|spouts?|shower ?heads?)\b/.test(fold(ctx.text));
  const faucetRepair = services.find((s) => s.slug === 'toilet-faucet');
  if (drippingFixture && faucetRepair && (intent === 'leak' || intent === 'services') && titled.length === 0) {
    return { sentences: [`We handle this: ${faucetRepair.title} covers ${lowerFirst(faucetRepair.short)}`, cta], link: `/${faucetRepair.slug}` };
  }
  const inScope = named.length > 0 ? (p: string) => named.includes(p)
    : pages ? (p: string) => pages.test(p) : (p: string) => !/^\/plumber-|^\/round-rock|^\/(privacy|refund)/.test(p);
  const found = index.search(ctx.text, { paths: inScope, limit: 5 });
  // A symptom the visitor describes that a page lists as a warning sign ("no hot water") is named as
  // such, when it matches the question better than any explanatory sentence does.
  const sign = intent === 'water_heater' || intent === 'leak' || intent === 'drain'
    ? signMatch(found.filter((h) => h.passage.heading === signsHeading), ctx.text)
    : undefined;
  const hits = found.filter((h) => h.passage.heading !== signsHeading);
  const hit = hits[0] ?? index.search(ctx.text, { limit: 5 }).find((h) => h.passage.heading !== signsHeading);
  if (sign && (!hit || sign.overlap > overlapOf(bestSentences(hit.passage, ctx.text)[0] ?? '', ctx.text))) {
    return { sentences: [`"${sign.sentence.replace(/[.\s]+$/, '')}" is one of the warning signs on our ${sign.passage.title} page, and it is worth having a plumber check.`, cta], link: sign.passage.path };
  }
  if (!hit || hit.coverage < minimumCoverage) {
    // No passage fits well enough: the service the question names by a word of its title ("spigot",
    // "faucet"), else the topic's own service summary from src/business, else the fallback.
    // A service question that names a word only one service's summary uses ("unpermitted") gets that service.
    const page = titled[0]?.slice(1) ?? topicServicePage[intent] ?? (intent === 'services' ? symptomPages.find(([pattern]) => pattern.test(fold(ctx.text)))?.[1] : undefined) ?? (intent === 'services' && named.length === 1 ? named[0]!.slice(1) : undefined);
    const service = page && services.find((s) => s.slug === page);
    if (!service) return { ...unsure(ctx), unsure: true };
    return { sentences: [`We handle this: ${service.title} covers ${lowerFirst(service.short)}`, cta], link: `/${service.slug}` };
  }
  return { sentences: [...bestSentences(hit.passage, ctx.text), cta], link: hit.passage.path, sources: hits.map((h) => h.passage.path) };
}

/** The referral program, from src/business/referrals.ts. */
function referral(ctx: Context): Draft {
  const t = referralTerms;
  return es(ctx)
    ? { sentences: [`Sí: si recomienda a un amigo, su amigo recibe ${t.friendDiscount} de descuento en su primer servicio de ${t.minimumJob} o más.`, `Usted recibe un crédito de ${t.referrerCredit} cuando ese trabajo se paga, válido por ${t.creditDays} días.`], link: '/refer-a-friend' }
    : { sentences: [`Yes: refer a friend and they get ${t.friendDiscount} off their first service with us of ${t.minimumJob} or more.`, `You get a ${t.referrerCredit} service credit when that job is paid, good for ${t.creditDays} days on any service.`], link: '/refer-a-friend' };
}

function image(ctx: Context): Draft {
  // "Can I send you a photo?" before any photo: how to send one.
  if (!ctx.hasImage) {
    // "Will a video work?": the chat takes photos only.
    if (/\b(videos?|video clip)\b/.test(fold(ctx.text))) {
      return es(ctx)
        ? { sentences: ['El chat recibe fotos, no videos: una foto del problema, con el botón de imagen junto al cuadro de mensaje, ayuda a nuestro equipo.', `Para lo que una foto no muestra, como un ruido, llame o envíe un mensaje de texto a ${callUs(officeFor(ctx), 'es')}.`] }
        : { sentences: ['The chat takes photos, not video: a photo of the problem, sent with the image button next to the message box, helps our team.', `For what a photo cannot show, such as a noise, call or text ${callUs(officeFor(ctx), 'en')}.`] };
    }
    return es(ctx)
      ? { sentences: ['Sí, una foto ayuda: en el teléfono, use el botón de imagen junto al cuadro de mensaje y nuestro equipo la verá con este chat.', `También puede enviarla por mensaje de texto a ${callUs(officeFor(ctx), 'es')}.`] }
      : { sentences: ['Yes, a photo helps: on a phone, use the image button next to the message box and our team sees it with this chat.', `You can also text it to ${callUs(officeFor(ctx), 'en')}.`] };
  }
  return es(ctx)
    ? { sentences: ['Gracias por la foto: queda guardada con este chat para que nuestro equipo la vea.', `Cuéntenos qué está pasando, o envíenos un mensaje de texto o llame a ${callUs(officeFor(ctx), 'es')} para que un plomero la revise.`], needsHandoff: true }
    : { sentences: ['Thanks for the photo: it is saved with this chat so our team can see it.', `Tell me what is happening, or text or call ${callUs(officeFor(ctx), 'en')} so a plumber can look at it with you.`], needsHandoff: true };
}

function greeting(ctx: Context): Draft {
  return es(ctx)
    ? { sentences: ['¡Hola! Soy el asistente de Economy Plumbing Services.', 'Puedo ayudarle con calentadores de agua, precios, citas, emergencias y problemas comunes de plomería; ¿en qué le ayudo?'] }
    : { sentences: ["Hi, I'm the Economy Plumbing Services assistant.", 'I can help with water heater questions, pricing estimates, scheduling, emergency info and common plumbing issues; what can I help with?'] };
}

function thanks(ctx: Context, bookedAlready = false): Draft {
  if (bookedAlready) {
    return es(ctx)
      ? { sentences: ['Gracias por agendar con nosotros.', `Si necesita cambiar o cancelar la cita, envíenos un mensaje de texto o llame a ${callUs(officeFor(ctx), 'es')}.`] }
      : { sentences: ['Thank you for booking with us.', `If you need to change or cancel the appointment, text or call ${callUs(officeFor(ctx), 'en')}.`] };
  }
  return es(ctx)
    ? { sentences: ['¡Con gusto!', `Si necesita algo más, escríbame aquí o llame a ${callUs(officeFor(ctx), 'es')}.`] }
    : { sentences: ["You're welcome.", `If you need anything else, ask here or call ${callUs(officeFor(ctx), 'en')}.`] };
}

/** Asking us to name another plumber or company. */
const anotherPlumberAsked = /\b(recommend|refer|suggest|know (of )?(a|any))\b.{0,30}\b(plumbers?|plumbing|compan(y|ies))\b|\b(conocen|conoce|recomiend\w*)\b.{0,25}\bplomeros?\b/;

function offTopic(ctx: Context): Draft {
  // "Can you recommend a good plumber in Dallas?": we name no other company, and say where we do work.
  if (anotherPlumberAsked.test(fold(ctx.text))) {
    const outside = ctx.places.notServed.join(es(ctx) ? ' y ' : ' and ');
    return es(ctx)
      ? { sentences: ['No recomendamos a otras compañías.', `${outside ? `${outside} no está en nuestra área de servicio; a` : 'A'}tendemos 16 ciudades alrededor de Austin y Marble Falls: llame a ${callUs(officeFor(ctx), 'es')} si su casa está en una de ellas.`] }
      : { sentences: ['We do not recommend other companies.', `${outside ? `${outside} is outside our service area; w` : 'W'}e serve 16 cities around Austin and Marble Falls: call ${callUs(officeFor(ctx), 'en')} if your home is in one of them.`] };
  }
  return es(ctx)
    ? { sentences: ['Solo puedo ayudar con preguntas de plomería: calentadores de agua, drenajes, fugas, gas, precios, citas y nuestras áreas de servicio.', `Para otra cosa, llame a ${callUs(officeFor(ctx), 'es')}.`] }
    : { sentences: ['I can only help with plumbing: water heaters, drains, leaks, gas lines, prices, scheduling and our service area.', `For anything else, call ${callUs(officeFor(ctx), 'en')}.`] };
}

/** "And Saturdays?", "what about Leander?", "how about tankless?": a message that leans on the one before. */
const followUpMarker = /\b(is there|do you have|got|any) (one|a version|something similar|a similar one)\b|\bone for\b|\b(the )?same (for|price|cost|thing)\b|^[\s¿¡]*(hmm+,? )?(and|also|plus|y|what about|how about|what of|same for|ok(ay)?,? (and|what about|how about)|so|then|too|vs\.?|versus|compared to)\b|\b(too|as well|also|that one|the other one|that|there|eso|esa|ahi)\s*[?.!]*\s*$|\bone\s*[?.!]*\s*$/;
/** Intents whose question a short follow-up may repeat for another place, day or job. */
/** Discounts src/business does not state: asked as a follow-up they stay unstated, not the price before. */
const unstatedDiscount = /\b(military|seniors?|veterans?|teachers?|first responders?)\b/;
const carriedIntents: ReplyIntent[] = ['pricing', 'hours', 'contact', 'service_area', 'membership', 'payments', 'licence', 'about', 'commercial'];

/**
 * A reply of ours that offers a visit: "Would you like to schedule a visit?", "Want me to set up a visit?",
 * "I can open the booking form", "¿Quiere que abra el formulario de citas?".
 */
const visitOffer = new RegExp([
  /\b(schedule|book)\b[^?.!]{0,40}\?/,
  /\bi can (also )?open (the|our) (booking form|booking page|scheduler|online scheduler|calendar|online calendar)\b/,
  /\bor open (the|our) (booking form|booking page|scheduler|online scheduler|calendar)\b[^.!?]{0,40}\. (which|what) would you (like|prefer)\?/,
  /\b(can|may) (i|we) (help (you )?)?(set up|book|schedule|arrange) (a |an |the |your )?(visit|appointment|plumber|time)\b[^?.!]{0,40}\?/,
  /\bpuedo abrir (el|nuestro|nuestra) (formulario|calendario|programador|agenda)\b/,
  /\ble abro (el|nuestro|nuestra) (formulario|calendario|programador|agenda)\b/,
  /\bi can (also )?(help (you )?)?(set up|book|schedule) (a |an )?(visit|appointment|plumber)\b/,
  /\bif you'?d like\b[^.!?]{0,30}\b(book\w*|schedul\w*|set up a visit|open the)\b/,
  /\b(would you like|want|shall i|should i|do you want) (me |us |someone |a plumber |a tech\w* )?to (set up|book|schedul\w*|open|come|send|take a look|stop by|have a look|check (it|that|on it|things out))\b[^?.!]{0,100}\?/,
  /\b(want|would you like) me to set (one|it|that|a visit|an appointment) up\b/,
  /\b(shall|should|can|may) (i|we) open (the|our|a) (online )?(scheduler|booking form|booking page|calendar|form)\b/,
  /\b(would you like|want) to (pick|choose|set) (a|the) (day|time|date)\b/,
  /\b(would you like|want) to (start|get started)( (it|one|now|booking|the booking))*\?/,
  /\b(would|do|shall|should|want) (you|i|we)\b[^?.!]{0,40}\b(schedul\w*|book\w*|appointment|visit|calendar)\b[^?.!]{0,60}\?/,
  /\b(would|do) you (like|want) (us |me |someone )?(to )?(come|send|schedule|book|set up)\b/,
  /\bshall (i|we) (book|schedule|send)\b/,
  /\b(quiere|quieres|desea|le gustaria|gustaria)\b[^?.!]{0,30}\b(agendar|programar|programador|calendario|reservar|reservas|citas?|visita|formulario)\b/,
  /\ble (agendo|programo|reservo|aparto)\b[^?.!]{0,30}\?/,
].map((r) => r.source).join('|'));
/** Taking an offer of a visit, at the start of the reply to it ("ya go ahead" arrives as "you go ahead";
 * a bare Spanish "ya", "already", takes nothing). */
const acceptsOffer = /^\s*(i'?d (like|love) that|go for it|sure thing|let'?s go|i'?ll take (a|the) (visit|appointment|slot)|(great|perfect|awesome|cool|alright)[,.! ]+(let'?s|lets|please|go ahead|book|set|i'?ll take (a|the|one|it)\b|(monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today|this week|next week)\b)|i guess (so|that works|yes|yeah)|yes,? (sir|ma'?am)|yessir|yes|yeah|yse|ys|yess+|yeh|yah|yas|yea|yep|yup|sure|ok(ay)?|k|please|absolutely|of course|that works|works for me|fine|open it|esta bien|de acuerdo|vale|definitely|sounds (good|great)|that'?d be (great|good|nice|perfect)|that would be (great|good|nice|perfect)|let'?s do (it|that)|lets do (it|that)|(you )?go ahead|(you )?do it|set (it|that|one) up|book (it|me)|si|claro|por favor|dale|sale|orale|andale|va|perfecto|cuando puedan|hagalo|hazlo|me queda bien|me sirve|agendal[oa]|agendeme|programel[oa])\b/;
/** After a yes, a question of its own ("ok. and what time do you close today"), not one about the visit being booked. */
const asksSomethingElse = (folded: string): boolean => (folded.includes('?') || /^\W*\w+[\s,.!]+(and |so |but )?(what|when|where|how|which|who|do you|are you|is there|does|can i|could i|do i)\b/.test(folded))
  && !/\b(set (it|that|one) up|book\w*|schedul\w*|come|that works|works for me|pick (a|the) (time|day|window|slot))\b/.test(folded);
/** "…when I'm ready", "…when we're back": a time of the visitor's own, no question of when. */
const whenReady = /\bwhen (i'?m|i am|we'?re|we are) (ready|back|home)\b|\bwhen (she|he|they|my \w+|the \w+)'?s? (is |are |'re )?(home|back|off|free|around)\b|\bwhen (she|he|they|my \w+|the \w+) (gets?|comes?) (home|back)\b/;
/** Turning an offer down to ask someone first: "let me talk to my wife", "primero quiero hablar con mi esposo" (not a request for one of our people). */
const consultsSomeone = /\b(talk|speak|check|hablar|consultar|platicar)\w* (to|with|con) (my|mi|the|el|la|our) (wife|husband|partner|spouse|landlord|tenant|hoa|roommate|boss|esposo|esposa|pareja|casero|casera|dueno|duena|inquilino|inquilina)\b/;
/** Holding back or turning down an offer. */
/** A yes to an offer of something other than a visit, at the start of the reply ("yea", "ya what happens", "sí porfa", "go for it"). */
const takesTheOffer = /^\W*(yes|yeah|yea|yep|yup|yah|sure|ok(ay)?|k|please|si|claro|por favor|porfa|absolutely|definitely|go on|go for it|go ahead|sounds good|mhm+|mm+-?hm+|uh-? ?huh|ya(?=\W+(what|how|that)\b|\W*$))\b/;
const declinesOffer = /\b(no|not|nah|nope|don'?t|cancel|wait|later|maybe|first(?! (thing|available|opening|slot|chance))|yet|think about|get back to|todavia|despues|luego)\b/;
/** Thanks, a goodbye or a new subject after an offer ("ok thanks", "ok bye", "ok weird question…"), booking nothing itself ("yes, thank you!" still books). */
const thanksNotYes = (folded: string): boolean => !/^\W*(yes|yeah|yep|yup|sure|absolutely|definitely|si|please do|that'?d be (great|good|perfect|awesome)|that would be (great|good|perfect|awesome))\b/.test(folded) && /\b(thanks|thank you|thx|ty|bye|goodbye|cya|that'?s all|thats all|that helps|all i needed|appreciate\w*|weird question|random question|unrelated)\b/.test(folded)
  && !/\b(book\w*|schedul\w*|open it|go ahead|do it|set (it|that|one) up|send (someone|somebody|a plumber)|sounds good|works for me)\b/.test(folded);
/** Holding an offer of a visit back for now, in other words than declinesOffer's first word. */
const holdsBack = /\bbefore (i|we) (commit|decide|agree)\b|\b((my )?(husband|wife|partner|spouse|hubby|son|daughter|roommate|landlord|tenant|renter|mom|dad|boss|manager|brother|sister)( will|'ll| is going to| is gonna| gonna) (call (you |y'?all )?((guys|all) )?((tomorrow|later|monday|tonight) )?(to )?)?(book|schedule|set) (it|one|that|this)?( up)?( (herself|himself|themselves|for (her|him|them|us|me)))?|i'?ll have my (husband|wife|partner|spouse|son|daughter|assistant|office manager) (schedule|book|call|set)|(is|are) supposed to (book|schedule)|(mi )?(esposo|esposa|marido|mujer|hijo|hija|pareja) va a (llamar|hacer la cita|agendar)|just checking|just curious|(hasn'?t|has not|isn'?t|is not|not) (actually |even )?(broken|broke|leaking|failed|gone out) yet|(i'?m |we'?re )?(actually )?already (booked|scheduled)|(i'?ll|i will|gonna|going to) (just )?book\b.{0,30}\b(myself|later|on the (web)?site|online)|just gathering info|gathering (some )?info|get (a couple|some|a few) (other |more )?quotes|reach out when (i'?m|we'?re|i am|we are) ready|things are (crazy|busy|hectic)|just comparing|(solo|nomas) (estaba|estoy) preguntando|tal vez|quizas?|dejeme (hablar|preguntar|consultar|pensar|ver|checar)\w*|comparing prices|(solo|nomas) (estaba|estoy) comparando|comparando precios|(i'?ll|we'?ll|i will|we will) wait (till|til|until|for)|lemme (see|check|ask|think|talk)|(actually )?cancel that|maybe|let me (think|check|ask|talk|see)|i'?ll (think|check|ask|talk|get back|reach out|let you know|call)|(need|have) to (ask|check|talk|get|run it)|not (yet|now|right now|today|ready|booking)|hold off|think about it|get back to (you|ya)|after (payday|the holidays|the weekend)|still (comparing|talking|shopping|getting|deciding|waiting)|(landlord|husband|wife|partner|spouse|hoa|owner) (has|needs|wants|must) to|todavia no|ahorita no|mas tarde|dejeme (pregunt|pens|consult|revis)\w*|le (aviso|confirmo)|lo (pienso|voy a pensar))\b/;
/** Ending the conversation: nothing more is asked. */
const closesConversation = /\bjust (comparing|looking|shopping|browsing)\b[^?]*\b(thanks|thank you|thx|gracias)\b|\b(that'?s all|i'?m good|just wanted (a |the |to know)(?![\w ]*\b(what|when|where|how|if|whether|which|who|why)\b)|solo quer\w+ saber|have a (good|great|nice) (one|day|night|evening)|(eso )?es todo|good to know for (later|the future|next time))\b/;

/** A day or a time of day, in English or Spanish. */
const dayOrTime = /\b(the \d{1,2}(st|nd|rd|th)|por la (tarde|manana)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|this (morning|afternoon|evening|week)|next week|morning|afternoon|\d{1,2}(:\d\d)? ?(am|pm)|at \d{1,2}|lunes|martes|miercoles|jueves|viernes|sabado|domingo|manana|hoy|en la (tarde|manana))\b/;

/** The intent of a message read with the conversation before it. */
/** A visit asked for only in places we do not serve ("78204", "1200 N Main St in Temple") never opens the scheduler, whatever came before. */
/**
 * A visit asked for in so many words beside a price ("please book someone for Tuesday afternoon, and how much does a faucet
 * repair usually cost?", "yes, book it. Is the diagnostic fee waived?"): the visit, with the price answered in the same reply.
 * A price of coming out asked alone ("how much to come out tomorrow?") books nothing.
 */
const visitAskedInSoManyWords = /\brequest(ing)? (an? )?(appointment|visit)\b|\b(could|can) (a plumber|someone|somebody|you) come (by|out|over) and (look|take a look|check)\b.{0,60}\bso (we|i) can get a (price|quote|estimate)\b|\b(book|schedule) (me|us|someone|somebody|a plumber|a tech\w*|a visit|an appointment|a time)\b|\b(go ahead and|please|pls|just|then,?) (book|schedule)\b|\b(book|schedule) (it|that|one)\b|\bi'?d like (an appointment|to (book|schedule)|someone (out|to come))\b|\b(can|could) i book (an?|the|one)\b|\bjust send (someone|somebody|a plumber)( out)? (tomorrow|today|tonight|this|next|monday|tuesday|wednesday|thursday|friday)\b|\bagend(e|a)lo\b|\bagend(e|a)me\b|\blet'?s do the (free )?estimate\b/;
/**
 * "How much is a water heater and can you do it Friday?", "¿cuánto cuesta… y pueden instalarlo el viernes?": a job's price,
 * and a visit asked for a day in a clause of its own. (The price of the visit itself asked beside it, "is the visit free, and
 * can you come saturday?", is the question: it books nothing.)
 */
const visitAskedForADay = /(\band|\balso|,|\?)\s*(can|could) (you|u|y'?all|someone|somebody|a plumber|a tech\w*)( guys)? (do it|do that|install (it|one|that)|come( out| by| over)?|make it)\b.{0,30}\b(today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|this week|next week)\b|\by (pueden|puede) (instalarlo|hacerlo|venir|cambiarlo)\b.{0,20}\b(hoy|manana|lunes|martes|miercoles|jueves|viernes|sabado|esta semana)\b|\bi need (somebody|someone|a plumber|a tech\w*) (out|over) (here |there )?(today|tomorrow|this week)\b/;
const visitItselfPriced = /\b(is|are) (the |your )?(visit|estimate|quote|trip|service call|diagnostic|first visit|call[- ]?out)s? (itself )?(free|extra)\b|\b(trip|service call|diagnostic|visit|call[- ]?out) (fee|charge|cost)\b|\bcosts? (more|extra)\b|\bcharge for (the|a) (first )?(visit|estimate|trip)\b/;
function visitBesideAPrice(classification: Classification, text: string, places: PlaceMention): Classification {
  const folded = fold(normaliseSpelling(text));
  if (classification.intent !== 'pricing' || classification.referral || !(visitAskedInSoManyWords.test(folded) || visitAskedForADay.test(folded) && !visitItselfPriced.test(folded)) || onlyOutside(places)) return classification;
  if (/\b(no|not|nah|don'?t|maybe|later|if (i|we) (book|schedule)|say (i|we) (book|schedule)|(stop|quit) (trying to |asking (me )?to )?(book|schedul)\w*)\b/.test(folded.replace(/\b(no|not) (a )?(rush|emergency|urgent)\b|\bno need to quote\b/g, ' '))) return classification;
  // (A price mentioned in passing, "my last plumber charged a trip fee… book it then", is not asked: no range is added.)
  return text.includes('?') ? { intent: 'scheduling', alsoAsked: 'pricing' } : { intent: 'scheduling' };
}

function outsideNeverBooks(classification: Classification, places: PlaceMention): Classification {
  const booking = classification.intent === 'scheduling' && !classification.notNow && !classification.howBookingWorks && !classification.movesBooking;
  return booking && onlyOutside(places) ? { intent: 'service_area' } : classification;
}

/** "Know any cheaper plumbers in Marble Falls?": another company asked for, which we do not recommend, whatever else the words share. */
function anotherPlumberIsOffTopic(classification: Classification, text: string): Classification {
  return ['pricing', 'services', 'unsure'].includes(classification.intent) && anotherPlumberAsked.test(fold(text)) ? { intent: 'off_topic' } : classification;
}

/**
 * What our last question offered to tell, when no narrower rule names it ("Would you like some tips to keep
 * your pipes from freezing?": the freeze topic; "Would you like our weekday office hours?": the hours).
 */
/** The context with the words a follow-up carries from earlier (our offer, the job asked about) before the visitor's own. */
const withCarried = (ctx: Context, classification: Classification): Context =>
  classification.carriedFrom ? { ...ctx, text: `${classification.carriedFrom} ${ctx.text}` } : ctx;

/** An offer closing a reply as a statement: "I can share typical price ranges, if that helps." */
const statementOffer = /^\W*i can (also )?(\w+ ){0,3}(or )?(explain|share|tell you( about)?|give you|list|walk you through|show you)\b/;
const offersAThing = /\b(would you like|do you want|want)( me to (give|send|share|show|list)( you)?)? (our |the |some |a few )(weekday |office |opening |business |typical )*(hours|prices|price ranges?|ranges|tips|info|information|details|address(es)?|cities|towns|areas)\b/;
const offersSomething = (question: string): boolean => offersAThing.test(question) || statementOffer.test(question);
const offeredTopicIntents: ReplyIntent[] = ['service_area', 'hours', 'contact', 'pricing', 'payments', 'membership', 'licence', 'about', 'services', 'water_heater', 'leak', 'drain', 'commercial'];
const offeredPart = (lastQuestion: string): string => lastQuestion.replace(/^.*?\b(would you like|do you want|want)( me to (give|send|share|show|list)( you)?)?\b/, ' ').replace(statementOffer, ' ');
function offeredTopic(lastQuestion: string): ReplyIntent | undefined {
  const offered = offeredPart(lastQuestion);
  // ("I can explain how booking works here, if you like.": how booking works.)
  if (/\bhow (booking|scheduling|to book|it) works\b|\bthe booking\b/.test(offered)) return 'scheduling';
  if (/\b(cities|towns|areas)\b/.test(offered)) return 'service_area';
  const { intent } = classify(offered, findPlaces(offered));
  return offeredTopicIntents.includes(intent) ? intent : undefined;
}
function offeredFact(lastQuestion: string): ReplyIntent | undefined {
  const intent = offeredTopic(lastQuestion);
  return intent && ['hours', 'contact', 'payments', 'membership', 'licence', 'about'].includes(intent) ? intent : undefined;
}
/** A yes to that offer: the thing offered, a topic answered from the words of our question. */
const takesOffered = (intent: ReplyIntent, lastQuestion: string): Classification =>
  ['services', 'water_heater', 'leak', 'drain', 'commercial', 'pricing', 'about'].includes(intent) ? { intent, carriedFrom: offeredPart(lastQuestion) } : { intent };

/** A gas smell or the like already dealt with by the utility, or found to be nothing ("false alarm, it was a burner left on"). */
const hazardHandled = /\b(gas company|utility|atmos|fire department|911)\b.{0,15}\b(is |are )?(on (the|their) way|coming|here now)\b|\b(gas company|utility|atmos|fire department)\b.{0,30}\b(came|shut|turned(?! out)|capped|checked|fixed)\b|\b(shut|turned) (it |the gas )?off already\b|\bfalse alarm\b|\b(it|the water|the leak) (stopped|has stopped)\b.{0,60}\b(never ?mind|thanks)\b|\banother plumber (got|came)\b|\b(the )?water is (off|shut off)( at the (main|meter|street))?( now)?\b.{0,80}\b(nothing'?s|nothing is|it'?s not|no longer) (leaking|coming)\b|\bya (cerre|cerramos) la llave\b.{0,60}\bya no sale\b/;
function withContext(classification: Classification, text: string, places: PlaceMention, history: ConversationTurn[]): Classification {
  const earlierUser = [...history].reverse().filter((t) => t.role === 'user');
  if (earlierUser.length === 0) return classification;
  const intent = classification.intent;
  // ("Cuanto antes mejor": as soon as possible, not a price.)
  // ("Ya go ahead" arrives as "you go ahead": a yes.)
  const folded = fold(text).replace(/\bcuanto antes\b/g, 'lo antes posible').replace(/^(ya|you)[,.!]?\s+(?=(go ahead|go on|sure|please|pls|plz|ok(ay)?|do it)\b)/, 'yes ');
  const words = folded.split(/\s+/).filter(Boolean).length;
  const previous = earlierUser[0]!;
  const previousPlaces = findPlaces(normaliseSpelling(previous.content));
  const before = classify(previous.content, previousPlaces);
  const leans = followUpMarker.test(folded) || words <= 4;
  // A gas smell or sewage told over two messages is an emergency, whatever the latest one says alone
  // (unless the utility has already dealt with it: "the gas company came and shut it off").
  // (A time the gas company came before, "last spring the gas company came and it was the dryer", handles nothing now.)
  const toldNotNow = hazardNotNow(folded);
  const handled = before.intent === 'emergency' && toldNotNow || hazardHandled.test(folded.split(/(?<=[.!?])\s+/).filter((part) => !/\b(last (year|spring|summer|fall|winter|month|week|time)|(years?|months?) ago|back in|once before)\b/.test(part)).join(' '));
  if (handled && /\b(thanks|thank you|thx|gracias)( (anyway|though|tho|again))?\W*$/.test(folded) && ['emergency', 'services', 'unsure'].includes(intent)) return { intent: 'thanks' };
  if (handled && intent === 'emergency') {
    // "Gas company came out and capped it. Can you guys come Monday and replace the connector?": the visit asked after it.
    const after = folded.split(/(?<=[.!?])\s+/).filter((part) => !hazardHandled.test(part)).join(' ');
    const rest = after ? classify(after, places) : undefined;
    if (rest?.intent === 'scheduling' && !rest.howBookingWorks && !rest.notNow) return rest;
    // ("…nothing's leaking anymore. Can you send someone first thing tomorrow to replace the pipe that split?": the split pipe is the job.)
    if (rest?.intent === 'emergency' && /\b(can|could) (you|y'?all|someone|somebody) (send|come)\b|\bsend (someone|somebody|a plumber)\b|\b(pueden|puede) (mandar|enviar|venir)\b/.test(after)
      && /\b(tomorrow|first thing|monday|tuesday|wednesday|thursday|friday|saturday|next week|this week|manana|lunes|martes|miercoles|jueves|viernes)\b/.test(after)) return { intent: 'scheduling' };
    return { intent: /\b(thanks|thank you|thx|gracias)\b/.test(folded) ? 'thanks' : 'services' };
  }
  const hazard = intent === 'emergency' || handled || toldNotNow ? undefined : hazardAcrossTurns(previous.content, text);
  if (hazard) return { intent: 'emergency', emergency: hazard };
  // "Ok I shut the valve, can someone come now?", "can't you just send someone? I don't want to call" after a burst pipe: the
  // same emergency, which is a call now, not a booking form (a later day, or a hazard over, is a visit).
  if (before.intent === 'emergency' && intent === 'scheduling' && /\b(still|sigue)\b.{0,20}\b(coming|leaking|pouring|spraying|running|saliendo)\b/.test(folded)) return { intent: 'emergency', emergency: before.emergency ?? 'general' };
  if (before.intent === 'emergency' && intent === 'scheduling' && /\b(now|right now|asap|right away|immediately|tonight|ahora|just (send|book|schedule)|book (someone|somebody|a plumber) from here|sin que (llame|llamar)|no tengo saldo)\b|\b(don'?t|do not|can'?t) (want to |wanna )?call\b/.test(folded) && !/\b(not|isn'?t|no es) (an? |una )?(emergency|emergencia|urgent)\b|\bregular service\b/.test(folded) && !/\b(tomorrow|next week|this week|monday|tuesday|wednesday|thursday|friday|manana|lunes|martes|miercoles|jueves|viernes)\b/.test(folded) && !/\b(stopped|no longer|not anymore|just a stain|fixed|ya (se )?(paro|arreglo))\b/.test(folded)) return { intent: 'emergency', emergency: before.emergency ?? 'general' };
  // "¿Y no pueden mandar a alguien de todos modos?", "can you send someone anyway?" after a place outside the area: still outside.
  // ("Just looking for now" there is no visit asked: not now.)
  if (intent === 'scheduling' && !classification.notNow && !classification.howBookingWorks && !namesAPlace(places) && onlyOutside(previousPlaces)) return { intent: 'service_area' };
  const lastReply = fold([...history].reverse().find((t) => t.role === 'assistant')?.content ?? '');
  // "How do I upload it, I don't see a button" after we asked for a photo: the photo.
  if (/\b(photos?|pictures?|pics?|images?|fotos?)\b/.test(lastReply) && /\b(upload|attach|send)\w* (it|them|one)\b|\b(don'?t|dont|can'?t|cant) (see|find) (a|the|an) (button|upload|paperclip)\b|\bhow (do|can) i (do|send|attach|upload) (that|it|this)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'image' };
  // A booking to move or cancel stays that: the rules below that read a day as the visit's day would book it.
  if (classification.movesBooking) return classification;
  // "Come on, just this once, I'm the owner" after a manipulation attempt: still one.
  if (before.intent === 'injection' && intent !== 'emergency' && /\b(just this once|come on|i'?m the owner|i am the owner|i forgot|please just|trust me|i'?m allowed)\b/.test(folded)) return { intent: 'injection' };
  // "Yes" or "book it" right after asking for a visit, or after a reply that offered one, confirms that booking.
  // (The last question offering to tell something, "would you like to know how far ahead you can book?", offers no visit.)
  // (A reply may close with an offer as a statement: "I can share typical price ranges, if that helps.")
  const lastSentence = lastReply.split(/(?<=[.!?])\s+/).at(-1) ?? '';
  const lastQuestion = statementOffer.test(lastSentence) && !/\b(book|schedul|open the (booking|form)|visit)\w*/.test(lastSentence.replace(/how booking works/, '')) ? lastSentence : lastReply.match(/[^.!?]*\?/g)?.at(-1) ?? '';
  const offersToTell = /\b(like|want|should i|shall i)( me)? to (know|hear|learn|explain|tell you)\b|\b(should|shall) i (tell|explain)\b|\bquiere saber\b/.test(lastQuestion) || offersSomething(lastQuestion) && !/\b(open|set up|book (a|the|you|it)|schedule (a|the|you|it))\b/.test(lastQuestion);
  const offeredVisit = visitOffer.test(lastReply) && !offersToTell;
  // "Yes" to an offer of something else (the memberships, our number, a call back): that thing.
  const offeredOther = /\b(memberships?|vip)\b[^?]{0,200}\b(would you like|do you want|want) to (sign up|join|enroll)\b[^?]{0,30}\?|\b(memberships?|vip)\b[^?]{0,200}\b(would you like|do you want|want) (the|their|our) (prices?|details|costs?)\b|\b(would you like|do you want|want me to|shall i|should i)\b[^?]{0,60}\b(memberships?|plans?)\b[^?]{0,20}\?|\b(memberships?|plans?|membresias?|planes)\b[^?]{0,160}\b(want|wanna|would you like|quiere|le gustaria)( to)? (hear|know|conocer|saber|the details|more details)\b[^?]{0,30}\?/.test(lastReply) ? 'membership'
    : /\b(quiere|le gustaria|desea)( que le (cuente|platique|explique|hable))?\b[^?]{0,30}\b(membresias?|planes?)\b[^?]{0,20}\?/.test(lastReply) ? 'membership'
    : /\b(would you like|do you want|want me to|shall i)\b[^?]{0,40}\b(licen[cs]e)( number)?\b[^?]{0,20}\?/.test(lastReply) ? 'licence'
    : /\b(would you like|do you want|want( me to)?|shall i|quiere|le gustaria|desea)\b[^?]{0,40}\b(phone number|number|address|numero|telefono|direccion)\b[^?]{0,50}\?/.test(lastReply) ? 'contact'
    : /\b(would you like|do you want|want)( me)? to (know|hear|see|tell you)\b[^?]{0,50}\b(costs?|price\w*|run\w*|charge|fees?)\b[^?]{0,20}\?|\b(would you like|do you want|want) (the|a|our) (typical )?((price |cost )?ranges?|prices?|costs?)\b[^?]{0,40}\?|\b(quiere|le gustaria|desea) saber\b[^?]{0,40}\b(cuanto|precio|costo|cuesta)\b/.test(lastReply) ? 'pricing'
    : /\b(would you( also)? like|do you( also)? want|want)( me)?( also)? to (know|hear)\b[^?]{0,30}\b(pay|payment)\w*\b[^?]{0,30}\?/.test(lastReply) ? 'payments'
    : /\b(would you like|do you want|want)( me)? to (know|hear|explain)\b[^?]{0,40}\b(how (far ahead|booking works|it works|to book)|booking|what happens (at|during|on) (the|a|your) (visit|appointment))\b[^?]{0,30}\?|\b(would you like|do you want|want) me to explain how (booking|scheduling|it|the booking|to book)\b/.test(lastReply) ? 'scheduling'
    : /\b(photos?|pictures?|pics?|fotos?)\b[^?]{0,40}\b(send|upload|attach|share|mandar|enviar)\b[^?]{0,20}\?/.test(lastReply) ? 'image'
    : /\b(would you like|do you want|want me to|shall i)\b[^?]{0,40}\b(someone|somebody|a person|our (office|team)|us)( from our (team|office))? to (call|contact|reach|text) (you|out)\b[^?]{0,30}\?/.test(lastReply) ? 'handoff'
      : offersSomething(lastQuestion) ? offeredTopic(lastQuestion)
        // ("Would you like to hear about our satisfaction guarantee?": a fact we hold, never a topic passage.)
        : offersToTell ? offeredFact(lastQuestion) : undefined;
  // "Sounds good, what's included" after "want me to explain what's included?", "sure, any tips help" after an offer of tips:
  // the job talked about (a leak, a drain, the water heater), answered from its words.
  const offersIncluded = /\b(explain|tell you|go over|walk you through|list)\b.{0,20}\b(what'?s included|what (it|that|this|the \w+) (includes|covers))\b/.test(lastQuestion);
  const tipsWords = /\b(tips|things (to|you can) (check|do|try|avoid)|what to (avoid|do|check|try))\b/;
  const offersTips = tipsWords.test(lastQuestion) || /\bwhich (one )?(would you prefer|do you want|would you like)\b/.test(lastQuestion) && tipsWords.test(lastReply);
  // ("Tips, or help you book a visit. Which would you prefer?" then "yes tips please": the tips.)
  if ((offersIncluded || offersTips) && (!offeredVisit || offersTips && /\btips\b/.test(folded)) && (takesTheOffer.test(folded) || /\bwhat'?s included\b|\btips\b/.test(folded)) && !/\b(not|no|nah|don'?t|later)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) {
    const job = [text, previous.content].map((said) => classify(said, findPlaces(normaliseSpelling(said))).intent).find((topic) => ['leak', 'drain', 'water_heater'].includes(topic));
    if (job) return { intent: job, carriedFrom: previous.content };
    if (offersIncluded) return { intent: 'services', carriedFrom: previous.content };
  }
  if (offeredOther === 'handoff' && !offeredVisit && /^\W*(yes,? )?(please )?(call (me )?back|call me|have (someone|them) call)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'handoff' };
  if (offeredOther === 'scheduling' && !offeredVisit && /^\W*(yes|yeah|yep|yup|sure|ok(ay)?|please|si|claro)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling', howBookingWorks: true };
  // ("Yeah what is it" after "would you like to know about the diagnostic visit fee?": the price our question named.)
  if (offeredOther === 'pricing' && !offeredVisit && takesTheOffer.test(folded) && !/^\W*(ok(ay)?|yes|yeah|sure)\W+and\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent) && (words <= 6 || intent === 'pricing')) return { intent: 'pricing', carriedFrom: /\b(that|it|this|those|one)\b/.test(lastQuestion) ? lastReply.split(/(?<=[.!?])\s+/).slice(-3).join(' ') : lastQuestion };
  if (offeredOther && !offeredVisit && (takesTheOffer.test(folded) && /^\W*\S+( please)?\W*(please|pls|plz|porfa|thanks|thank you|por favor)?\W*$/.test(folded) || /^\W*(si|yes) (porfa|por favor|please|pls)\W*$/.test(folded))) return takesOffered(offeredOther, lastQuestion);
  // "Sure, that'd help", "yes, we close in 3 weeks so sooner is better", "yeah go on" after an offer of a call back, our number or a membership: that thing.
  if (offeredOther && !offeredVisit && (takesTheOffer.test(folded) || /^\s*(\u{1F44C}|\u{1F44D}|\u{2705})+\s*$/u.test(folded)) && !folded.includes('?') && !/\b(not|no|nah|don'?t|later)\b/.test(folded) && !thanksNotYes(folded)
    && !['emergency', 'injection', 'complaint', 'scheduling'].includes(intent)) return takesOffered(offeredOther, lastQuestion);
  // "Yeah what do you take?" after an offer to tell how to pay: the yes, asking the offer's own question.
  if (offeredOther && !offeredVisit && takesTheOffer.test(folded) && words <= 8 && ['unsure', 'services', 'off_topic'].includes(intent) && !classification.unstated && !/\b(not|no|nah|don'?t|later)\b/.test(folded)) return takesOffered(offeredOther, lastQuestion);
  // "Can I just buy it online?", "sí, ¿cuáles son los otros?" after an offer to tell more about a membership: that membership.
  if (offeredOther === 'membership' && !offeredVisit && words <= 12 && ['unsure', 'water_heater', 'services', 'pricing', 'commercial', 'service_area', 'off_topic'].includes(intent) && !classification.unstated && !namesAPlace(places)) return { intent: 'membership' };
  // "Do we need one of those per store?" after a membership: that membership.
  if (before.intent === 'membership' && /\b(one|one of (those|these|them)|a (membership|plan)|each)\b.{0,12}\b(per|for each|for every|at each|for all)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'membership' };
  // "Yes, the team please" after we offered the team or a person: a person.
  if (/\b(reach|talk to|speak (to|with)|contact|connect you (to|with)) (our|the) (team|office|staff)\b|\ba (real )?person\b/.test(lastReply) && words <= 6 && /\b(team|person|human|someone|somebody|staff|office)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'handoff' };
  // "What else comes with it?" after a reply about a membership: that membership.
  if (/\b(memberships?|vip)\b/.test(lastReply) && /\bwhat else\b.{0,20}\b(comes?|included|includes?|do (i|we) get|is in)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'membership' };
  // "Yeah one sec" after we asked for a photo: the photo is coming.
  if (offeredOther === 'image' && /^\W*(yes|yeah|yep|sure|ok(ay)?|si|claro)\b.{0,20}\b(one sec|a sec|a second|a minute|one moment|hold on|un momento|un segundo)\b/.test(folded)) return { intent: 'image' };
  // "Sí, y cada vez cae más" after our "is water coming through right now?": the hazard, confirmed.
  if (/\b(is|are) (the )?(water|it) (still )?(coming|dripping|pouring|spreading|running|leaking|spraying)\b[^?]{0,40}\?|\b(esta|sigue) (cayendo|saliendo|goteando) (el )?agua\b[^?]{0,40}\?/.test(lastQuestion)
    && /^\W*(yes|yeah|yep|si)\b/.test(folded) && /\b(more|worse|faster|everywhere|still|mas|peor|sigue)\b/.test(folded) && !['injection', 'complaint'].includes(intent)) return { intent: 'emergency', emergency: 'water' };
  // "Yes, though one of your guys is already supposed to come tomorrow, what time?": a visit on file, for a person.
  if (offeredVisit && intent === 'unsure' && classification.unstated && /\b(already|supposed to|my appointment|mi cita)\b/.test(folded)) return classification;
  // "What time do u open tmrw" after an offer of a visit: the hours, asked before taking it.
  if (offeredVisit && intent === 'hours' && /\bwhat time (do|does) (you|u|y'?all|the office)( guys)? (open|close)\b/.test(folded)) return classification;
  // "Do you have anything on Saturday?", "is tomorrow possible?", "can it be late afternoon? I get home around 4:30" after an
  // offer of a visit: the offer taken, with the time asked for.
  if (offeredVisit && words <= 16 && /\b(do you have anything|anything (on|for)|is (tomorrow|today|\w+day)( morning| afternoon)? (possible|ok|open|available)|(can|could) it be)\b/.test(folded) && dayOrTime.test(folded)
    && !/\b(how much|cost\w*|price\w*|fee|charge\w*|cuanto)\b/.test(folded) && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling' };
  // "Actually I already have someone from another company coming Thursday, never mind" after an offer: not now.
  if (offeredVisit && /\b(never ?mind|nvm)\W*$/.test(folded) && /\b(already (have|got|booked)|another (company|plumber)|someone else)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling', notNow: true };
  // "The form is fine" after we offered the booking form or a call: the form.
  if (offeredVisit && /^\W*(ok(ay)?,? )?(the )?(booking |online )?(form|website|site|online)( one)? (is fine|works|sounds good|please|is good|is better)\b/.test(folded)) return { intent: 'scheduling' };
  // "Oh wait, it's for my place in Leander actually. can you come there instead?": the visit, in a city of ours.
  if (places.cities.length > 0 && places.notServed.length === 0 && /\b(can|could) (you|someone|somebody|y'?all) (come|go|send someone)( out)? (there|here)( instead)?\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling' };
  // "Great, see you guys Wednesday" after a visit on file was talked about: a goodbye.
  if (!offeredVisit && /^\W*((great|ok(ay)?|perfect|cool|thanks|awesome)\W+)*see (you|ya)( guys| all| then)?( (on )?\w+day| then| soon| tomorrow)?\W*$/.test(folded)) return { intent: 'thanks' };
  // "Sign me up" after an offer to hear about a membership: that membership.
  if ((offeredOther === 'membership' || before.intent === 'membership') && !offeredVisit && /\b(sign (me|us) up|i'?ll take (it|one)|enroll|join)\b/.test(folded) && !(offeredOther !== 'membership' && /\b(visit|appointment|next week|tomorrow|\w+day)\b/.test(folded)) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'membership' };
  if ((before.intent === 'scheduling' || offeredVisit) && !thanksNotYes(folded) && !onlyOutside(places) && (/^\s*((mm+|um+|uh+|hmm+|oh)[,.]?\s+)?(yes|yse|ys|yess+|yeh|yah|yeah|yep|yup|sure|please|ok(ay)?|k|kk|si|do it|book it|go ahead|sounds good|mhm+|mm+-?hm+|uh-? ?huh)\b[\s\w,!.]{0,25}$/.test(folded) || offeredVisit && /^\W*you\W*$/.test(folded) || /^\s*(\u{1F44D}|\u{2705}|\u{1F44C}|\u{2714}\u{FE0F}?)+\s*$/u.test(folded)) && !/\b(no|not|don'?t|cancel|wait)\b/.test(folded)
    && !/\b(how much|cost\w*|price\w*|what|how)\b/.test(folded) && !(/^\W*(k|kk|ok(ay)?)\W+(and|but|also)\b/.test(folded) && intent !== 'scheduling') && !['injection', 'complaint', 'handoff'].includes(intent) && !(intent === 'emergency' && classification.emergency !== 'general')) return { intent: 'scheduling' };
  // "Yes, friday afternoon if possible", "that'd be great, outdoor faucet needs replacing", "sí por favor, lo
  // antes posible" right after a reply that offered a visit: the visitor takes the offer and says more.
  // Not with a doubt ("not yet", "maybe later"), a price question, a place outside, or anything urgent or hostile.
  // ("Actually yeah, let's do that": the yes after a word of changing one's mind.)
  const said = folded.replace(/^[^\p{L}\p{N}]+/u, '').replace(/^(actually|well|oh|ok so|ok)[,.!\s]+(ya|yah|yea|you)[,.!\s]+(?=(let'?s|lets|go ahead|book|do it)\b)/, '').replace(/^(ya|you)\s+(?=(monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today|that works|that'?s (good|fine)|sounds good|sure|ok(ay)?|please|let'?s)\b)/, 'yes ').replace(/^(ya|you)\s+(?=(dale|va|sale|orale|claro|si)\b)/, '').replace(/^(actually|well|oh|ok so|i mean|honestly|eh|hmm+|mhm+|mm+-?hm+|uh-? ?huh|perfect|great|awesome|cool|alright|sweet|nice)[,.!\s]+(?=(yes|yeah|yep|sure|ok(ay)?|let'?s|lets|please)\b)/, '');
  // "Yes – do I need to be home for it?", "sure, will they call before they show up?": the offer taken, with a question about the visit itself.
  if (offeredVisit && /^(yes|yeah|yep|yup|sure|si|claro|ok(ay)?,? yes)\b/.test(said) && /\b(can (the same (guy|tech\w*|plumber)|he|she|they) (also )?(look at|check|fix)\b.{0,30}\bwhile (he'?s|they'?re|she'?s) (there|here|out)\b|who (will|would|is going to) (be )?(coming|come)|(do|will) i (need|have) to be (home|there)|tengo que estar|(call|text) (me )?(before|first|ahead)|how long (does|will|would) (it|the visit|a visit|this|that)|pay (by|with) (card|check|cash)|can (it|you|they|he|she|someone|the (tech\w*|plumber)) (be|come) (after|before|around|in the (morning|afternoon))\b|(wear|use|bring) (shoe covers|booties)|(will|do) i (get|receive) a (text|call|e-?mail)|(text|call|e-?mail)\w* (me )?(to )?confirm\w*|(habla|hablan) (espanol|ingles)|speaks? (spanish|english)|(will|would|do) (they|you|he|she) (take|haul) (the old one|it|them) (away|out)|cuanto (dura|tarda|se tarda))\b/.test(folded)
    && !/\b(how much|cost\w*|price\w*|fee|cuanto(?! (dura|tarda|se tarda|tiempo)))\b/.test(folded) && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling' };
  // "Yes but not this week, the week after": the offer taken, for a later day.
  if (offeredVisit && (acceptsOffer.test(said) || /^(not|no,? not) (this week|today|tomorrow|this weekend)\b.{0,10}\b(next|the following) (week|monday|tuesday|wednesday|thursday|friday|saturday)\b.{0,20}\b(better|works|is good|would be (better|good|great)|if you have (it|one|something))\b/.test(said)) && /\bnot (this week|today|tomorrow|this weekend|monday|tuesday|wednesday|thursday|friday)\b/.test(folded) && /\b(next week|week after|after that|the following|monday|tuesday|wednesday|thursday|friday|saturday)\b/.test(folded.replace(/\bnot (this week|today|tomorrow|this weekend|monday|tuesday|wednesday|thursday|friday)\b/, ' ')) && !folded.includes('?') && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling' };
  if (offeredVisit && acceptsOffer.test(said) && !thanksNotYes(folded) && !holdsBack.test(folded) && !declinesOffer.test(said.replace(/\bwhy not\b|\b(just )?(don'?t|do not) make (me|us) wait( all day)?\b|\b(i'?d )?rather not wait\b|\b(don'?t|do not) want to wait\b|\bcan'?t wait\b|\b(it'?s |its |it is )?not (an? )?(emergency|urgent|rush)\b|\b(if|or) not\b(?=,? (monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|next|the \d))/g, '')) && !closesConversation.test(folded) && !/\b(how much|cost\w*|price\w*|cuanto|precio\w*|cuesta\w*|fee|charge\w*|free|cobran|(mas )?caro|more expensive|extra)\b/.test(folded.replace(/\b(\w+day|morning|afternoon|slot|time|window)s? (free|open)\b/g, ' '))
    && !(places.notServed.length > 0 && places.cities.length === 0) && !['emergency', 'injection', 'complaint'].includes(intent)
    // ("yes but only if you send Mike": a condition only a person can grant.)
    && !/\bonly if you\b/.test(folded)
    // ("Yes, can the tech text me when he's on the way?" takes the offer; a person asked for instead does not.)
    && (intent !== 'handoff' || /\b(text|call) (me|us) (when|before|once|on the way)\b/.test(folded))
    // ("Ok. And what time do you close today", "ok and would the guy who comes speak Spanish?" ask something else first.)
    && !(asksSomethingElse(folded) && !dayOrTime.test(folded.replace(/\b(today|tonight|hoy)\b/g, ' ')) && (['hours', 'contact', 'payments', 'membership', 'licence', 'about', 'unsure'].includes(intent) || classification.howBookingWorks))
    // ("ok but can I pick the window or do you assign it?": how booking works, asked before taking the offer.)
    && !(classification.howBookingWorks && /\bor (do|does|will|would) (you|they|y'?all)\b/.test(folded))
    // ("ok different thing, what's included in a plumbing check-up": a new question, told as one.)
    && !(/\b(different thing|another (thing|question)|unrelated|separate question|other question|change of subject|changing (the )?subject)\b/.test(folded) && !/\b(book\w*|schedul\w*|set (it|one|that) up)\b/.test(folded))
    // ("Please give me the telephone of the Austin office, I will call tomorrow morning": our number, the visitor calls.)
    && !/\b(give me|send me|what'?s|what is) (the |your )?(tele)?(phone|number|numero)\b|\bi will call\b|\bi'?ll call\b/.test(folded)) return { intent: 'scheduling' };
  // "Sure that works. To give your guy a heads up, the valve is under the bathroom sink…", "…My wife wants it done before
  // Christmas. Sure, Friday works for us.": the offer taken in a short sentence of its own, the rest told for the visit.
  if (offeredVisit && !folded.includes('?') && words > 6 && folded.split(/(?<=[.!])\s+/).some((part) => part.split(/\s+/).length <= 6 && acceptsOffer.test(part) && !declinesOffer.test(part) && !/^\W*(ok(ay)?|k|fine|yes|yeah|sure)\W*$/.test(part))
    && !holdsBack.test(folded) && !/\b(not yet|not now|not ready|maybe later|think about|get back to|hold off)\b|\b(i'?ll|i will|we'?ll|we will|let me) (call|think|check|talk|ask|book|schedule)\b/.test(folded) && !closesConversation.test(folded) && !thanksNotYes(folded) && !onlyOutside(places)
    && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling' };
  // "Yes please, and do you take checks?" after an offer of a visit: the visit, with the way to pay answered beside it.
  // ("ya. how long have you been in business btw", "yes please. your guys are licensed right?", "Yes — and what's the phone
  // number for the Marble Falls office?": the offer taken, with the other question answered beside it.)
  if (offeredVisit && ['payments', 'licence', 'about', 'contact', 'pricing', 'unsure'].includes(intent) && /^\W*(yes|yeah|yep|ya|yup|sure|si(?=\s*[,.!]| por favor)|claro|ok(ay)?,? (yes|sure))( please| pls| por favor| let'?s do it)?\W+/.test(folded)
    && !/^\W*(yes|yeah|yep|ya|yup|sure|si|claro)\W*$/.test(folded) && !/\b(but|though|tho|pero)\b/.test(folded) && !holdsBack.test(folded) && !/\b(i'?ll|i will|let me) call\b|\b(first|primero|before (i|we) book)\b/.test(folded)) return { intent: 'scheduling', alsoAsked: intent as 'payments' | 'licence' | 'about' | 'contact' | 'pricing' | 'unsure' };
  // "Morning is better for me, any day next week", "tuesday afternoon works" after an offer: the offer taken, with a time.
  if (offeredVisit && words <= 14 && !folded.includes('?') && /^\W*((alright|all right|ok(ay)?|great|perfect|cool|sure|yes|yeah)[,.!]?\s+)?(mornings?|afternoons?|any ?(day|time)|early|(this|next) week|(monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today)s?|(el )?(lunes|martes|miercoles|jueves|viernes|sabado)|manana|en la (manana|tarde)|por la (manana|tarde))\b/.test(folded)
    && dayOrTime.test(folded) && !holdsBack.test(folded) && !declinesOffer.test(folded) && !/\b(busy|travel\w*|out of town|away|gone|can'?t|won'?t|doesn'?t|bad|ocupad[oa]|fuera)\b/.test(folded)
    && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling' };
  // "Just a drip into a bucket. Set it up" after an offer: the visit taken in the last sentence.
  if (offeredVisit && /(^|[.!,]\s+)(ok(ay)?,? )?(please )?(set (it|that|one) up|book (it|that|me)( in)?|go ahead( and (book|set) (it|that|one)( up)?)?|(you )?do it|let'?s (just )?do (it|that)( (this|next) week| today| tomorrow)?)(,? (but )?(not before|not until|after|before|around) \d{1,2}( ?(am|pm))?)?\W*$/.test(folded) && !holdsBack.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling' };
  // "Round Rock, 78681" after "I need someone to look at a leaking hose bib" and our question of where: the visit, there.
  // ("Horseshoe Bay, sorry" after "do you come out my way?" answers where they are: the area.)
  // "Afternoon" after "would you prefer a morning or afternoon window?": the visit, at that time.
  const askedWhen = /\b(horarios?|ventanas?) de llegada\b[^?]{0,140}\b(prefiere|le conviene|le funciona|cual)\b[^?]{0,30}\?|\barrival windows?\b[^?]{0,140}\b(prefer|works? (best|for you)|suits? you|which)\b[^?]{0,30}\?|\bmorning\b[^?]{0,40}\bor\b[^?]{0,10}\bafternoon\b[^?]{0,40}\?|\b(manana)\b[^?]{0,40}\bo\b[^?]{0,10}\b(tarde)\b[^?]{0,40}\?|\bwould you (prefer|like) (a )?(morning|afternoon)\b|\b(which|what) (day|time|window)\b.{0,25}\b(works?|suits?|is best|would you like|do you prefer)\b|\bmorning or (an )?afternoon\b[^.]{0,30}\?|\b(a )?day in mind\b[^.]{0,40}\?|\bwhen would you like (someone|us|a plumber|a tech\w*|the plumber|them) to come\b/.test(lastReply);
  if (askedWhen && (words <= 8 || words <= 14 && /^\W*(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|lunes|martes|miercoles|jueves|viernes|sabado|domingo|manana|hoy)\b/.test(folded)) && (dayOrTime.test(folded) || /^\W*(whatever'?s (first|earliest|soonest|next)( available| open)?|whichever|either|any ?time|doesn'?t matter|no preference|the (sooner|earliest|first)|whenever(('?s| is) (soonest|earliest|first))?|soonest|earliest|cualquiera|la que sea|lo antes posible)\b/.test(folded)) && (!folded.includes('?') || words <= 8 && !/\b(what|how|why|who|can|could|do|does|is|are|will|would|que|como|cuanto|si|if|sale|caro|extra|cost\w*|price\w*|cuesta|precio|cobran)\b/.test(folded)) && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling' };
  const askedWhere = /\b(which|what) (city|zip|town|area)\b|\bwhat'?s the (address|city|zip)\b|\bwhere(?: is|'?s) the (house|home|property|job|work|leak)\b|\bwhere are you( located| based)?\b|\bwhat'?s your (zip|city|town|address|location)\b|\bwhat (zip|city|town)\b|\b(en )?que ciudad\b|\bcodigo postal\b/.test(lastReply);
  // "Kingsland" after an emergency answer that asked which city: the same emergency, with that office's number.
  if (before.intent === 'emergency' && askedWhere && namesAPlace(places) && !onlyOutside(places) && words <= 5) return { intent: 'emergency', emergency: before.emergency ?? 'general' };
  const askedWhat = /\bwhat do you need (help|done) with\b|\bwhat (should|would you like) (the plumber|us|we) (to )?(look at|help with|do)\b|\bwhat'?s (going on|the (plumbing )?(problem|issue|job))\b|\bwhat (kind|sort) of (problem|issue|work|job)\b|\bwhat (is|do you need|needs|would you like) (the problem|fixing|done|the plumber to do)\b|\bcual es el problema\b|\bque (problema|necesita)\b/.test(lastReply);
  const askedForVisit = before.intent === 'scheduling' && !before.howBookingWorks && !before.movesBooking
    || /\b(happy to get (that|this|it|you) set up|get (that|this|you) (set up|booked|scheduled)|con gusto\W+en que ciudad)\b/.test(lastReply)
    || /\b(need|want|get|looking for) (a plumber|someone|somebody|a tech\w*)\b|\b(can|could) (someone|somebody|you|a plumber|a tech\w*) come\b|\bnecesito (un plomero|agendar)\b|\bquiero (una cita|agendar)\b/.test(fold(previous.content));
  // ("Hi, I need a plumber" then our "what's going on?" then "kitchen sink drains super slow": the problem, told
  // before any visit was asked for; "can I get a plumber this week" or "need a plumber in Bertram" asked for one.)
  const visitAskedBefore = /\b(book\w*|appointments?|appt|schedul\w*|agend\w*|citas?|reserv\w*|visits?|out|over|come|today|tomorrow|tonight|asap|this week|next week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|hoy|manana)\b/.test(fold(previous.content)) || namesAPlace(previousPlaces);
  if (askedForVisit && !/\bdo (you|y'?all) (come|go|serve|cover|service|work)\b|\bmy way\b/.test(fold(previous.content))
    && (askedWhere && places.notServed.length === 0 && places.cities.length > 0 && words <= 10 || askedWhat && places.notServed.length === 0 && words <= 25 && (visitAskedBefore || dayOrTime.test(folded)))
    && (!folded.includes('?') || dayOrTime.test(folded)) && !/\b(never ?mind|nvm|no longer|not anymore|fixed it|thanks anyway)\b/.test(folded) && !/\b(how much|cost\w*|price\w*|fee|charge\w*|free|cuanto|cuesta|precio|cobran)\b/.test(folded)
    && !['emergency', 'injection', 'complaint', 'handoff', 'thanks', 'greeting'].includes(intent) && !classification.howBookingWorks
    // ("Just give me the phone number, I'll call" after "what do you need done?": our number, not the job.)
    && !(intent === 'contact' && /\b(phone|number|numero|call|llamo|llamar)\b/.test(folded))) return { intent: 'scheduling' };
  // "78660", "Granite Shoals, off Phillips Ranch Rd" after our question of where the home is (no visit asked for): whether we serve it.
  if (askedWhere && words <= 8 && namesAPlace(places) && !folded.includes('?') && /\b(do|can|will) (you|y'?all)\b/.test(fold(previous.content)) && !dayOrTime.test(folded) && !/\b(yes|asap|book|schedule|come|soon)\b/.test(folded)
    && !['emergency', 'injection', 'complaint', 'handoff', 'scheduling'].includes(intent)) return { intent: 'service_area' };
  // "Not yet, I need to check with my husband first", "maybe later" after a reply that offered a visit: the offer
  // is turned down for now (a question or anything else said is answered as itself).
  // ("Not yet, I'll wait till next month when I get paid", "no gracias, todavía no": the same, with a reason or a thanks first.)
  if (offeredVisit && /^\W*no (thanks|gracias),? (not yet|todavia no|aun no|ahorita no)\W*$|^\W*not yet\W+(i'?ll|we'?ll|i will|we will|gonna|going to) wait\b/.test(folded) && !folded.includes('?') && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling', notNow: true };
  if (offeredVisit && /^\W*(not yet|todavia no|ahorita no|no,? not yet|aun no)\b[\s,.!]*(thanks|thank you|thx|gracias)?[\s!.]*$/.test(folded) && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling', notNow: true };
  if (offeredVisit && words <= 12 && !folded.includes('?') && !/\b(thanks|thank you|thx|gracias|what|whats|when|where|how|which|who|cuanto|cuesta|costar|precio|cost\w*)\b/.test(folded.replace(whenReady, ' ')) && /^\W*(not (yet|now|right now|today|this week)|maybe (later|another time)|later|no,? not yet|hold off|let me (think|check|talk)|todavia no|ahorita no|mas tarde|luego)\b/.test(folded)
    && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling', notNow: true };
  // "Nvm hubby fixed it, thx" after asking for a visit: fixed, and thanks.
  if ((before.intent === 'scheduling' || offeredVisit) && /\b(fixed it|got it fixed|figured it out|sorted it( out)?|works now|working now|lo arregl\w*)\b/.test(folded) && /\b(thanks|thank you|thx|ty|gracias)\b/.test(folded) && !folded.includes('?')
    && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'thanks' };
  // A bare "nah" or "no" to an offer of a visit: not now (after our "you're welcome", a goodbye).
  if (offeredVisit && /^\W*(no|nah|nope|not really|no not really)\W*$/.test(folded)) return /^\W*(you'?re|you are) welcome\b/.test(lastReply) ? { intent: 'thanks' } : { intent: 'scheduling', notNow: true };
  // "I'll call instead", "can I just call?" after an offer of the booking form: our number.
  if ((offeredVisit || before.intent === 'scheduling' && !before.howBookingWorks) && /^\W*((that'?s )?ok(ay)?|no thanks|nah|alright|that'?s fine)?[,.]? ?(can i |i'?ll |i will |i'?d rather |let me |gonna )?(just )?(call|phone)( you| y'?all| you guys| the office)?( (instead|later|tomorrow|monday|in the morning|when (you'?re|you are) open))*\W*$/.test(folded)) return { intent: 'contact' };
  // "The visit pls" after we offered a price range or the booking form: the booking form.
  if (offeredVisit && /^\W*(the )?(visit|booking( form)?|form|appointment|scheduler|la visita|la cita|el formulario)( one)?( please| pls| plz| por favor| porfa)?\W*$/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling' };
  // "Hmm actually cancel that, I'll wait till payday" right after asking for a visit: not now.
  if ((before.intent === 'scheduling' || offeredVisit && !/\b(thanks|thank you|thx|gracias|anyway)\b/.test(folded)) && !before.movesBooking && /^\W*((hmm+|ok(ay)?|wait|oh|i changed my mind|changed my mind),? )*(actually,? )?(cancel that|never ?mind|nvm|scratch that|forget it)\b/.test(folded)
    && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'scheduling', notNow: true };
  // "Maybe, let me ask my wife first", "nah, still talking to a couple other plumbers", "déjeme preguntarle a mi
  // esposo y le aviso" after an offer: held back for now, in other words (a question asked on the way is answered,
  // and a hold with thanks closes the conversation).
  // (Also after a reply that points to booking online: "…call us, or schedule online" then "let me talk to my husband first".)
  if ((offeredVisit || askedWhen || /\b(schedule|book) online\b|\bagende en linea\b/.test(lastReply)) && words <= 25 && !folded.includes('?') && holdsBack.test(folded) && !/\b(how much|cost\w*|(?<!comparing |comparando )(prices?|precios?)|cuanto|cuesta|thanks|thank you|thx|gracias|what|whats|when|where|how|which|who)\b/.test(folded.replace(whenReady, ' '))
    && !['emergency', 'injection', 'complaint'].includes(intent) && (intent !== 'handoff' || consultsSomeone.test(folded))) return { intent: 'scheduling', notNow: true };
  // "Not yet, still comparing a couple plumbers. thanks though" after an offer: held back, and done for now.
  if (offeredVisit && words <= 25 && !folded.includes('?') && holdsBack.test(folded) && /\b(thanks|thank you|thx|gracias|appreciate (it|that))( though| tho| anyway)?\W*$/.test(folded) && !/^\W*(no )?(thanks|thank you|thx|gracias)\b/.test(folded) && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)) return { intent: 'thanks' };
  // "Can you do Saturday? That's the only day I'm off", "what days do you have open next week?" after a job: a visit then.
  // (Also after a city of ours: "great. can someone come out saturday then?")
  if ((['water_heater', 'leak', 'drain', 'services', 'pricing', 'commercial'].includes(before.intent) || before.intent === 'service_area' && !onlyOutside(previousPlaces)) && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent)
    && (/^\W*((great|ok(ay)?|cool|perfect|awesome|so|and|alright|sure)[,!.]?\s+)*((can|could) (you|you guys|y'?all|someone|somebody) (do|come( out| by)?)|(can|could) we do it) (on )?(this |next )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today)\b/.test(folded)
      || /\b(what|which) (days?|times?) (do you have|have you got|are|is) (open|available|free)\b|\bwhat (openings|availability) do you have\b/.test(folded))) return { intent: 'scheduling' };
  // "Could they come Saturday?" right after a reply that offered a visit: the visit, that day.
  if (offeredVisit && words <= 10 && /^\W*((ok(ay)?|great|cool|so|and)[,!.]?\s+)*(can|could|would) (they|he|she|someone|somebody|you|y'?all|a plumber) (come|be here|make it|do it)\b/.test(folded) && dayOrTime.test(folded)
    // ("Can you come on a Saturday?", "at 2am?" ask whether we work then, whatever was offered.)
    && !/\bon an? \w+day\b|\b(midnight|[1-4] ?am|middle of the night|overnight)\b/.test(folded)
    && !['emergency', 'injection', 'complaint', 'handoff'].includes(intent) && !/\b(how much|cost|price|extra|charge)\b/.test(folded)) return { intent: 'scheduling' };
  // "Ok then come to my mom's place in Round Rock, she has the same leak" after a place outside: the visit, in a city of ours.
  if (places.cities.length > 0 && places.notServed.length === 0 && /^\W*((ok(ay)?|well|fine|alright)[,!.]?\s+)?(then )?(can you |could you )?(come|send (someone|somebody|a plumber)) (to|out to|over to) (my|our|her|his|their)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling' };
  // "That's dumb, Killeen is barely an hour from Georgetown" after a place outside: still the area, not a grievance about our work.
  if (before.intent === 'service_area' && intent === 'complaint' && (places.notServed.length > 0 || onlyOutside(previousPlaces)) && !/\b(your|you|y'?all)\b.{0,30}\b(tech\w*|plumbers?|guys?|crew|charged|bill\w*|work|job)\b/.test(folded)) return { intent: 'service_area' };
  // "not good enough", "it's only 2 months old!", "y ni se disculpó" after a grievance about our work: the same grievance, told further.
  if (before.intent === 'complaint' && (['unsure', 'water_heater', 'leak', 'drain', 'services', 'off_topic'].includes(intent) && words <= 12 || intent === 'pricing' && /\b(robbery|rip ?off|ripped|overcharg\w*|scam|insane|ridiculous|want it (fixed|made right)|refund)\b/.test(folded)) && !folded.includes('?') && !closesConversation.test(folded)) return { intent: 'complaint' };
  // "Do you do weekends out there?" after a city of ours: the days we work.
  if (before.intent === 'service_area' && intent === 'service_area' && !namesAPlace(places) && /\b(weekends?|saturdays?|sundays?|nights?|evenings?|hours|holidays?)\b/.test(folded)) return { intent: 'hours' };
  // "It's in Leander" after a water heater leaking a bit: the same job, in a city of ours.
  if (['water_heater', 'leak', 'drain'].includes(before.intent) && intent === 'service_area' && places.cities.length > 0 && places.notServed.length === 0 && words <= 6 && !folded.includes('?') && !/\b(you|y'?all|serve|service|cover|come|go)\b/.test(folded)) return { intent: before.intent };
  // "Oh wait, the house is actually in Bastrop, not Austin. Still ok?": the area, for the place outside.
  if (places.notServed.length > 0 && /\b(still (ok(ay)?|good|fine)|is that (ok(ay)?|a problem)|do you still|can you still|(actually|really) in)\b/.test(folded) && !['emergency', 'injection'].includes(intent)) return { intent: 'service_area' };
  // "Nah I'm good, just wanted a ballpark. thanks", "great, that's all I needed, have a good one": the visitor is done.
  if (closesConversation.test(folded) && !folded.includes('?') && !/\b(just )?(tell me|let me know)\b/.test(folded) && !['emergency', 'injection', 'complaint', 'handoff', 'scheduling'].includes(intent)) return { intent: 'thanks' };
  // "Monday at 8 works", "ok lets do it, thursday if you can", "sí, el martes en la tarde" after a job or a
  // price: a day for the visit. (A question about a day, "and on sundays?", is not.)
  if (words <= 10 && (!folded.includes('?') || /\b(let'?s do it|book it|lets do it)\b/.test(folded)) && dayOrTime.test(folded) && !/\b(how much|cost|price|open|close|hours?|what|when|do you|are you|can you|could you|will you|would you)\b/.test(folded)
    && (/\b(works?|good|fine|ok(ay)?|let'?s|book|do it|can i get|if you can|sounds|si|perfect|please|then|how about|what about|esta bien|de acuerdo|vale)\b/.test(folded) || folded.split(/\s+/).length <= 4)
    && (['pricing', 'services', 'water_heater', 'leak', 'drain', 'scheduling', 'hours', 'commercial'].includes(before.intent) || /\$\d/.test(lastReply))
    // (Not what only a person knows: "is my Friday visit still on? please check".)
    && !['emergency', 'injection', 'complaint', 'handoff', 'greeting', 'thanks', 'membership', 'payments', 'licence', 'about', 'off_topic'].includes(intent) && !classification.unstated && !holdsBack.test(folded)
    // ("tomorrow's saturday lol" after the hours: what day it is, told.)
    && !/\b(tomorrow|today)('?s| is) (a )?\w+\b/.test(folded)) return { intent: 'scheduling' };
  // "It's 2am, will anyone even answer??" after a burst pipe: still that emergency.
  if (before.intent === 'emergency' && intent === 'hours' && !handled && /\b(answer|pick up|anyone|anybody|someone)\b/.test(folded)) return { intent: 'emergency', emergency: before.emergency ?? 'general' };
  // "Ok great, can you open it for me, I need Thursday" after we described the scheduler: open it.
  if (/\b(scheduler|booking form|calendar)\b/.test(lastReply) && /\b(open|pull up|bring up) (it|that|the (scheduler|booking form|calendar))( up)?\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'scheduling' };
  // "I called and nobody picked up!! the water is still coming" after a burst pipe: still that emergency, first.
  if (before.intent === 'emergency' && intent === 'complaint' && /\beverywhere\b|\b(still|keeps?) (coming|pouring|running|spraying|leaking|going|flooding)\b/.test(folded)) return { intent: 'emergency', emergency: before.emergency ?? 'water' };
  // "Ok I shut off the main, water stopped. Now what?" after a burst pipe: still that emergency.
  // ("Slow drip, a cup an hour, only when someone showers" tells the hazard is smaller, and "the ceiling is only
  // damp now and nothing's dripping; can it wait?" says it can: each is answered as what it is.)
  // (Asking us to name another plumber, or about a place outside, is a new question.)
  if (before.intent === 'emergency' && !handled && !smallLeakOnly(folded) && !/\bnothing'?s (dripping|leaking|coming)\b|\bonly damp\b|\bcan (it|this) wait\b/.test(folded) && ['unsure', 'services', 'leak', 'drain', 'off_topic', 'water_heater'].includes(intent)
    && !anotherPlumberAsked.test(folded) && !anotherTrade.test(folded) && !onlyOutside(places)
    && !/\b(thanks|thank you|gracias|thx)\b|\bno (smell|odou?r|gas|sign)\b|\b(not|isn'?t) (an? )?emergenc|\b(is|looks|seems) (fine|ok|okay|normal)\b|\bi meant\b/.test(folded)
    // ("No it stopped, I plunged it and it goes down now" is over; "I shut off the main, water stopped. Now what" is not.)
    && !(/\b(stopped|has stopped)\b(?! (working|draining|flushing))/.test(folded) && !/\b(shut|turned|closed|valve|main)\b/.test(folded))) return { intent: 'emergency', emergency: before.emergency ?? 'general' };
  // "The line is busy, can somebody call me back right now? It's still coming in" after water pouring in: still that emergency.
  if (before.intent === 'emergency' && intent === 'handoff' && /\b(still|keeps?) (coming|pouring|running|spraying|leaking|going|flooding|rising)\b/.test(folded)) return { intent: 'emergency', emergency: before.emergency ?? 'water' };
  // "You guys replaced the valve last week" then "it just started dripping again, this is the second time": our work failing.
  if (earlierUser.some((t) => /\b(you|y'?all|you guys|your (tech\w*|plumbers?|guys?|crew))\b.{0,20}\b(replaced|installed|fixed|repaired|put in|came out|worked on|snaked|cleared)\b/.test(fold(t.content)))
    && /\b(again|second time|third time|still|already)\b/.test(folded) && ['leak', 'drain', 'water_heater', 'services', 'unsure', 'emergency'].includes(intent)) return { intent: 'complaint' };
  // "Can you send me proof? My HOA wants a copy" after the licence: the licence.
  if (before.intent === 'licence' && /\b(proof|copy|certificate|documents?|verify|look (it|that) up)\b|^\W*(and |so )?(the |what'?s the |whats the )?(licen[cs]e )?(number|#)\W*$/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'licence' };
  // "Sorry, what was the Austin one again" after our numbers; "is that by the Walmart or more downtown?" after an address: that office.
  if ((/\b(the )?(austin|marble falls|other) (one|number|office)\b/.test(folded) && /\(\d{3}\) \d{3}-\d{4}/.test(lastReply)
    || (/^\W*(is (that|it)|so (that'?s|it'?s))\b.{0,20}\b(by|near|close to|next to|behind|across from|off)\b/.test(folded) || /\bwhich way\b|\bhow do i get\b|\bdirections\b/.test(folded)) && /\b\d{2,5} [a-z]+ (street|st|road|rd|drive|dr|avenue|ave|boulevard|blvd|lane|ln|way|parkway|pkwy)\b/.test(lastReply))
    && ['unsure', 'service_area', 'off_topic', 'contact'].includes(intent)) return { intent: 'contact' };
  // "Which one do I call from Cedar Park?" after our numbers: the office for that city.
  if (before.intent === 'contact' && intent === 'service_area' && /\b(which|what) (one|number|office)\b/.test(folded)) return { intent: 'contact' };
  // "Same for the Marble Falls location?" after our hours: that office's hours.
  if (before.intent === 'hours' && intent === 'contact' && /^\W*(and |is it |are they )?(the )?same (for|at|with|over at)\b/.test(folded)) return { intent: 'hours' };
  // "Bathroom sink. Hair probably." after "my drain is clogged": the same problem, told more exactly.
  // ("What about water softeners?" names another service.)
  if (['drain', 'leak', 'water_heater'].includes(before.intent) && intent === 'services' && words <= 16 && !/\b(do|can|could|will) (you|y'?all)\b|\b(instalan|reparan|arreglan|cambian|hacen|pueden)\b|^\W*(and |ok |so )?(what|how) about\b/.test(folded)) return { intent: before.intent };
  // "No, more like musty, and the floor around it is damp" after a water heater question: the heater.
  // ("Just a slow drip from the valve on the side" after a leaking water heater: the heater too, no other fixture named.)
  if (before.intent === 'water_heater' && intent === 'leak' && (/\b(around|under|near|behind|by|on top of|from) it\b/.test(folded) || !/\b(sinks?|toilets?|faucets?|showers?|tubs?|hose|bibs?|spigots?|ceilings?|walls?|slab|yard|pipes?|lines?)\b/.test(folded))) return { intent: 'water_heater' };
  // "Wait, so if you fix it the visit is free?", "is that per side?", "does that include the toilet itself?"
  // after a price: still the price.
  // (A discount src/business does not state, "is there a military discount on top of that", stays unstated.)
  if (before.intent === 'pricing' && ['unsure', 'services', 'off_topic', 'water_heater', 'leak', 'drain', 'hours'].includes(intent) && !/\bwarrant\w*/.test(folded) && /^\W*((and|but|so|ok(ay)?|hmm+)\W+)*what if\b|\bgo(es)? up\b|\b(free|waived|extra|cheaper|discount|per|more (for|on|at|in|if)|same question|same for|same price|include[sd]?|including|(just|only) (the )?labou?r|parts and labou?r|(the )?\w+ itself)\b/.test(folded) && !/\bdeposit\b/.test(folded)
    && !unstatedDiscount.test(folded)) return { intent: 'pricing' };
  // "And if I decide not to go ahead, I still pay the 99?" after a price: still the price, not a way to pay.
  if (before.intent === 'pricing' && intent === 'payments' && /\bstill (have to |need to )?pay\b|\bpay (nothing|anything|zero) for\b|\bpay(ing)? (the |that )?\$?\d+\b/.test(folded)) return { intent: 'pricing' };
  // "Ok and on a weekend?", "even on a weekend during the day?" after a price: that price then.
  if ((before.intent === 'pricing' || /\$\d/.test(lastReply)) && intent === 'hours' && (words <= 8 || /\b(more expensive|cost more|extra|mas caro|cuesta mas|sale mas)\b/.test(folded)) && !/\b(open|close|hours)\b/.test(folded)) return { intent: 'pricing' };
  // "And if it's at like 11pm on a Saturday?" after a price: the price then.
  if ((before.intent === 'pricing' || /\$\d/.test(lastReply)) && intent === 'hours' && /^\W*(and |but |so |ok(ay)? )?(what )?if (it'?s|its|it is|it was|that'?s|its)?\b.{0,20}\b(at|on|during|over)\b/.test(folded)) return { intent: 'pricing' };
  // "And during normal hours?" after the after-hours price: the price then.
  if (before.intent === 'pricing' && intent === 'hours' && /\b(during|in|within) (normal|regular|business|office|working) hours\b/.test(folded)) return { intent: 'pricing' };
  // "How much is it?" right after a reply about a membership (and no job named): that membership's price.
  if (intent === 'pricing' && /\b(memberships?|membresias?)\b/.test(lastReply) && words <= 6 && !topicOf(text) && !/\b(flush\w*|repair\w*|replac\w*|install\w*|fix\w*|drains?|leaks?|toilets?|faucets?|heaters?|clean\w*)\b/.test(folded)) return { intent: 'membership' };
  // "Is that cheaper if I get one of your memberships?" after a price: what a membership changes.
  if (before.intent === 'pricing' && intent === 'pricing' && /\b(members?|memberships?|vip)\b/.test(folded)) return { intent: 'membership' };
  // "Yikes. And a regular tank one?" after a price: another price, not a membership.
  if (before.intent === 'pricing' && intent === 'membership' && !/\b(members?|memberships?|plans?|vip|silver|platinum)\b/.test(folded)) return { intent: 'pricing' };
  // "Which one works out cheaper per year?" after two memberships: those memberships.
  // ("Why would I pay 139 a year for a flush I can do myself?": the membership's worth, questioned.)
  if (before.intent === 'membership' && ['pricing', 'water_heater', 'services', 'unsure', 'off_topic', 'commercial', 'service_area', 'payments'].includes(intent)
    && !(intent === 'payments' && paymentMethod.test(folded)) && !/\bhow often\b/.test(folded) && /\bwhy would (i|we|anyone) pay\b|\b(cover\w*|includ\w*|involve\w*|check-?up|tankless|what if mine|which (one|plan)|better (deal|value|option)|worth it|cheaper|cheapest|least expensive|per year|(\d|one|two|three)[- ]years?( one)?|how many|(first|second|other|1st|2nd|last) one|cancel\w*|sign (me |us )?up|join|enroll|buy (it|one)|purchase|(does|would) that change|instead)\b/.test(folded)) return { intent: 'membership' };
  // "Can you work after hours though? We can't close the office during the day" after office buildings: a business's terms.
  if (before.intent === 'commercial' && intent === 'hours' && /\b(after hours|after (we|they) close|after closing|overnight|at night|before (we|they) open|can'?t close|during the day)\b/.test(folded)) return { intent: 'commercial' };
  // "Does that get me priority if I have an emergency?" after a membership: what the membership gives.
  if (before.intent === 'membership' && intent === 'emergency' && (classification.emergency === 'general' || /\bif (something|anything|a pipe|it|the \w+|my [\w ]{1,20}?) (ever )?(bursts?|burst|breaks?|floods?|leaks?|happens)\b/.test(folded)) && /\b(priority|bumped|front of the line|(skip|jump|cut) the line|first in line|if (i|we) (have|had|get|ever have))\b/.test(folded)) return { intent: 'membership' };
  // "Does that cover a new water heater install too? For how long?" after the guarantee: the guarantee.
  if (before.intent === 'about' && ['pricing', 'water_heater', 'services', 'unsure', 'leak', 'drain'].includes(intent) && /\b(cover|how long|warranty|guarantee|include)\w*\b/.test(folded)) return { intent: 'about' };
  // "My bad, I meant Kingsland, my mom's place is right on the lake" after a place outside: the area, for that city.
  if (before.intent === 'service_area' && places.cities.length > 0 && places.notServed.length === 0 && ['unsure', 'off_topic', 'services'].includes(intent) && !anotherTrade.test(folded) && !anotherPlumberAsked.test(folded)) return { intent: 'service_area' };
  // "Ok but can you just come anyway? I'll pay extra for the drive" after a place outside: still outside.
  if (before.intent === 'service_area' && !/\bthanks anyway\b/.test(folded) && !['about', 'contact', 'licence', 'membership', 'emergency', 'injection', 'complaint'].includes(intent) && /\b(anyway|any way|exception|extra for the (drive|trip|travel)|pay (extra|more) (for|to)|(pago|pagar|pagamos|pagaria) (extra|mas)|de todos modos|de todas formas)\b/.test(folded)) return { intent: 'service_area' };
  // "Why such a big range on the second one?", "and for two?", "the bathroom one the same?" after a price we quoted: that price.
  if (/\$\d/.test(lastReply) && !classification.unstated && (leans || words <= 12 || /\bwhy (so|such a) (much|high|big|wide|expensive)\b|\bthat much\b/.test(folded)) && ['services', 'water_heater', 'leak', 'drain', 'unsure', 'off_topic'].includes(intent)
    && /\b(range|for (two|2|both|three|3)|the same(?! (guy|tech\w*|plumber|person|crew|day|time|one who))|same (price|cost)|what am i looking at|cheaper|more expensive|that much|why (so|such)|per run|per side)\b/.test(folded) && !anotherTrade.test(folded) && !anotherPlumberAsked.test(folded)) return { intent: 'pricing' };
  // "Which one do I call for Buda?", "what's the zip for that, for my GPS" after our numbers or an address: which office, its details.
  if (before.intent === 'contact' && /\bwhich (one|number|office)\b|\b(zip|zip code)\b.{0,20}\b(that|it|there|gps)\b/.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'contact' };
  // "Y hasta Llano o Burnet?" after an office's address: whether we go there.
  if (before.intent === 'contact' && ['unsure', 'off_topic'].includes(intent) && namesAPlace(places) && !/\b(office|oficina|address|direccion|number|numero|phone|one)\b/.test(folded)) return { intent: 'service_area' };
  if (leans && carriedIntents.includes(before.intent)) {
    // "What about a check?" after cash: another way to pay.
    if (before.intent === 'payments' && paymentMethod.test(folded) && !['emergency', 'injection', 'complaint'].includes(intent)) return { intent: 'payments' };
    // "What about Leander?" after a service-area answer; "and the Marble Falls one?" after an address.
    if (['unsure', 'off_topic'].includes(intent) && !classification.unstated && !anotherTrade.test(folded) && !/\b(know|recommend|suggest)\b/.test(folded) && !/\b(thanks|thank you|gracias|thx)\b|^\s*(ok(ay)?|great|cool|got it|perfect|sounds good)\s*[!.]*\s*$/.test(folded) && !unstatedDiscount.test(folded)) return { intent: before.intent };
    // "What about tankless?" after a price: the same question for another job.
    // ("It's every drain in the house being slow, not just one" tells the problem instead.)
    // ("¿Y cuál me conviene más, de gas o eléctrico?" asks which suits, not what it costs.)
    if (before.intent === 'pricing' && ['water_heater', 'leak', 'drain', 'services', 'commercial'].includes(intent) && (folded.includes('?') || !/^\W*(it'?s|its|it is|they'?re|all|every)\b/.test(folded)) && !/\b(which|cual)\b.{0,30}\b(better|best|conviene|recommend\w*|mejor|suits?)\b/.test(folded)) return { intent: 'pricing' };
    // "How much is it?", "and the tankless one?" after a membership question: that membership.
    if (before.intent === 'membership' && ['pricing', 'water_heater', 'commercial'].includes(intent) && !/\b(property manag\w*|doors|units|restaurants?|make-?ready)\b/.test(folded)) return { intent: 'membership' };
    if (before.intent === 'contact' && intent === 'service_area' && places.cities.length > 0 && places.notServed.length === 0 && !/\bhasta\b|\b(serve|cover|come|go)\b/.test(folded)) return { intent: 'contact' };
    // "Ok and the Austin one? Need to mail a check" after an office's address: the other office.
    if (before.intent === 'contact' && /\b(the )?(austin|marble falls|other) (one|office)\b/.test(folded) && !/\bhow far\b/.test(folded) && !['emergency', 'injection', 'complaint', 'hours'].includes(intent)) return { intent: 'contact' };
  }
  // "How much would that cost?" after a water heater question is about water heaters; so is a short
  // question nothing else placed ("how do I tell when it's about to go?").
  // "lol unrelated, but who's playing in the super bowl?" says itself it leaves the topic.
  if ((intent === 'off_topic' || intent === 'unsure' && !classification.unstated) && !anotherTrade.test(folded) && !unstatedDiscount.test(folded) && !/\b(unrelated|off[- ]topic|random question|weird question|different (question|subject)|chang\w* the subject)\b/.test(folded) && (/\b(that|it|its|it'?s|mine|ours|eso|esto)\b|\bthis\b(?!\s+(weekend|week|morning|afternoon|evening|year|month|time|summer|winter|season)\b)/.test(folded) || classification.undecided && words <= 14)) {
    const earlier = earlierUser.find((t) => topicOf(t.content));
    if (earlier) return { intent: topicOf(earlier.content)!, carriedFrom: earlier.content };
    // "Already swapped the flapper and it's still running" after a running toilet; "what about for a
    // fire pit?" after gas lines: the service asked about before.
    if (before.intent === 'services' && !/\b(thanks|thank you|gracias|thx)\b/.test(folded)) return { intent: 'services', carriedFrom: previous.content };
  }
  return classification;
}

/** "How much is it?" on the membership page or a membership's checkout, with no job named and nothing before it, asks about the memberships. */
function onPage(classification: Classification, ctx: Context): Classification {
  const folded = fold(ctx.text);
  if (classification.intent === 'pricing' && ctx.history.length === 0 && /^\/(membership|store\/checkout\/[\w-]*vip)/.test(ctx.pagePath)
    && folded.split(/\s+/).filter(Boolean).length <= 8 && /\b(it|this|that|one|they|them)\b/.test(folded) && !topicOf(ctx.text)) return { intent: 'membership' };
  // "Is this actually worth it?", "if I cancel halfway through the year?" on the membership page: the memberships.
  if (['unsure', 'off_topic'].includes(classification.intent) && ctx.history.length === 0 && /^\/membership/.test(ctx.pagePath)
    && /\b(it|this|that|worth|cancel\w*|refund|renew\w*|sign up|join|members?|which one|should i get|difference)\b/.test(folded) && !/\b(brand|rheem|model|warrant\w*|percent|off)\b|%/.test(folded)) return { intent: 'membership' };
  // "Is this covered?" on the membership page: what a plan covers, not whether we serve a place.
  if (classification.intent === 'service_area' && ctx.history.length === 0 && /^\/membership/.test(ctx.pagePath) && !namesAPlace(ctx.places) && /\bcovered\b/.test(folded) && folded.split(/\s+/).length <= 10) return { intent: 'membership' };
  // "Which one should I get?? 4 people 2 baths" on the water heater guide: that page's topic.
  const pageTopic = (Object.entries(topicPages) as [Intent, RegExp][]).find(([, path]) => path.test(ctx.pagePath))?.[0];
  if (classification.intent === 'unsure' && !classification.unstated && ctx.history.length === 0 && pageTopic && /\b(which one|should i get|what size|will (this|it) (work|fix|help))\b/.test(folded)) return { intent: pageTopic };
  // "What do you actually check?" on a service or guide page: what the service includes.
  if (classification.intent === 'unsure' && !classification.unstated && ctx.history.length === 0 && /\bwhat (do|does|will) (you|y'?all|the (tech\w*|plumber))( guys)?( actually)? (check|inspect|look (at|for))\b/.test(folded)) return { intent: 'services' };
  return classification;
}

/** "Actually forget the water heater.", "forget the faucet for a sec —": a subject dropped before the new question. */
const droppedSubject = /^\W*((actually|ok(ay)?|wait|so|ugh|uh|um|no),? )?(forget|never ?mind|nvm|scratch|skip) (about )?(the|my|that) [^.,;:!?—–-]{1,30}?( for (a|now|the moment)( sec(ond)?| minute| moment)?)?\s*[.,;:!—–-]+\s*(?=\S)/i;

/** Answers the visitor's latest message with the built-in assistant. */
export function builtinReply(input: AssistantInput): AssistantReply {
  const latest = input.messages[input.messages.length - 1]!;
  const last = { ...latest, content: latest.content.replace(droppedSubject, '') };
  const history = input.messages.slice(0, -1);
  const earlierLanguage = [...history].reverse().find((t) => t.role === 'user');
  const places = findPlaces(normaliseSpelling(last.content));
  // A message that is only a place name ("El Paso") is in no language: keep the conversation's.
  const onlyPlaceName = places.notServed.length === 1 && fold(places.notServed[0]!) === fold(last.content.trim().replace(/[?.!]+$/, ''));
  const earlier = earlierLanguage ? detectLanguage(earlierLanguage.content) : 'en';
  const language = onlyPlaceName ? earlier : detectLanguage(last.content, earlier);
  const ctx: Context = {
    text: normaliseSpelling(last.content),
    language,
    places,
    pageCity: cityOfPage(input.pageContext),
    pagePath: input.pageContext.split(/[?#]/)[0] ?? '',
    history,
    earlierPlaces: history.filter((t) => t.role === 'user').reverse().slice(0, 4).map((t) => findPlaces(normaliseSpelling(t.content))),
    hasImage: Boolean(last.imageUrl),
  };
  const classification = anotherPlumberIsOffTopic(outsideNeverBooks(visitBesideAPrice(onPage(withContext(classify(last.content, places, ctx.hasImage), ctx.text, places, history), ctx), ctx.text, places), places), ctx.text);

  const intent = classification.intent;
  const firstDraft: Draft = (() => {
    switch (intent) {
      case 'injection': return injection(ctx);
      case 'emergency': return emergency(ctx, classification.emergency);
      case 'handoff': return handoff(ctx);
      case 'complaint': return complaint(ctx);
      case 'service_area': return serviceArea(ctx);
      case 'membership': return membership(ctx);
      case 'payments': return payments(ctx);
      case 'pricing': return classification.referral ? referral(ctx) : pricing(withCarried(ctx, classification));
      case 'scheduling': return classification.getReady ? gettingReady(ctx) : classification.notNow ? notNow(ctx) : classification.movesBooking ? movingABooking(ctx) : classification.howBookingWorks ? howBookingWorks(ctx) : scheduling(ctx, classification.alsoAsked);
      case 'hours': return hours(ctx);
      case 'licence': return licenceAnswer(ctx, classification.permit);
      case 'contact': return contact(ctx);
      case 'about': return about(withCarried(ctx, classification));
      case 'commercial':
      case 'water_heater':
      case 'leak':
      case 'drain':
      case 'services': return topic(withCarried(ctx, classification), intent);
      case 'image': return image(ctx);
      case 'greeting': return greeting(ctx);
      case 'thanks': return thanks(ctx, classification.bookedAlready);
      case 'off_topic': return offTopic(ctx);
      case 'unsure': return unsure(ctx);
    }
  })();
  // A topic answer without a passage that fits well enough becomes the fallback, unless the
  // conversation's earlier topic has one ("is it safe to shower in it meanwhile?" after rotten-egg hot water).
  const topicTurn = firstDraft.unsure && !unstatedDiscount.test(fold(ctx.text)) ? [...history].reverse().find((t) => t.role === 'user' && topicOf(t.content)) : undefined;
  const earlierTopic = topicTurn && topicOf(topicTurn.content);
  const carried = topicTurn && earlierTopic ? topic({ ...ctx, text: `${topicTurn.content} ${ctx.text}` }, earlierTopic) : undefined;
  const draft = carried && !carried.unsure ? carried : firstDraft;
  // A booking to move or cancel is one a person handles: reported as handed over, with its own reply.
  const finalIntent: ReplyIntent = draft.unsure || draft === firstDraft && classification.movesBooking ? 'unsure' : draft === carried && earlierTopic ? earlierTopic : intent;

  const parts = [...draft.sentences];
  if (draft.link) parts.push(more(language, draft.link));
  return {
    message: parts.join(' '),
    needsHandoff: Boolean(draft.needsHandoff) || ctx.hasImage,
    openScheduler: Boolean(draft.openScheduler),
    quickResponses: quickResponsesFor(chipIntentOf(finalIntent), language),
    intent: finalIntent,
    source: 'builtin',
    sources: draft.sources ?? (draft.link ? [draft.link] : []),
  };
}
