/**
 * A word-for-word English gloss of a Spanish message, so the intent rules and model (written mostly
 * in English) read Spanish too: "el lavabo del baño no drena" also reads "the sink of the bathroom not
 * drain". Phrases first, then single words; words without a gloss stay as they are. Used only to
 * classify: replies are written in Spanish from src/business.
 */
import { fold } from './text';

const phrases: [RegExp, string][] = [
  [/\bcorreo electronico\b/g, 'email'],
  [/\bque (tipo|clase)s? de (trabajos?|servicios?) (hacen|ofrecen|tienen|dan)\b/g, 'what kind of work do you do'],
  [/\bque (servicios|trabajos) (hacen|ofrecen|tienen|dan)\b/g, 'what services do you offer'],
  [/\b(cubren|atienden)\b/g, 'do you serve'],
  [/\bagua caliente\b/g, 'hot water'],
  [/\bsin tanque\b/g, 'tankless'],
  [/\bmancha de agua\b/g, 'water stain'],
  [/\bno (llego|vino|se presento|aparecio)\b/g, 'never showed'],
  [/\bnadie (me|nos) (llamo|contesto|respondio)\b/g, 'nobody called'],
  [/\bno (me|nos) (llamaron|contestan|contestaron|respondieron)\b/g, 'nobody called'],
  [/\bempresa local\b/g, 'local company'],
  [/\bnegocio familiar\b|\bempresa familiar\b/g, 'family owned'],
  [/\b(van|vienen|llegan) hasta\b/g, 'do you go to'],
  [/\bdan servicio\w*\b/g, 'do you serve'],
  [/\bfin(es)? de semana\b/g, 'weekend'],
  [/\bdias festivos\b/g, 'holidays'],
  [/\bpor todos lados\b|\bpor todas partes\b/g, 'everywhere'],
  [/\bcuanto antes\b/g, 'as soon as possible'],
  [/\bcuanto tiempo\b|\bcuanto (se )?(tarda|tardan|dura|demora)\b/g, 'how long'],
  [/\b(la |una |mi )?(bomba|pompa) de aguas negras\b/g, 'the sewage pump'],
  [/\bya no jala( bien)?\b/g, 'does not work well'],
  [/\b(pasame|paseme|comunicame|comuniqueme) con (un|una|alguien)\b/g, 'connect me with a'],
  [/\bque (alguien|un representante|un asesor|una persona)( de la oficina)? me (llame|devuelva la llamada|devolviera la llamada|regrese la llamada|mande un (texto|mensaje))\b/g, 'can someone call me back'],
  [/\b(me devolviera|me devuelva|me regrese) la llamada\b/g, 'call me back'],
  [/\bprefiero que me llame\w*\b/g, 'i want someone to call me'],
  [/\b(llego|llegaron) (\d+|dos|tres|cuatro) horas tarde\b|\bllego tarde\b/g, 'your plumber showed up late'],
  [/\bni aviso\b/g, 'and never called'],
  [/\botro plomero\b/g, 'another plumber'],
  [/\botra (compania|empresa)\b/g, 'another company'],
  [/\b(me quieren ver la cara|cosas que no hicieron)\b/g, 'billed me for work not done'],
  [/\b(su|el) plomero (me )?(rayo|rompio|dano|ensucio)\b/g, 'your plumber damaged'],
  [/\bno quiso hacerse responsable\b/g, 'refused to make it right'],
  [/\bestoy (bien |muy )?(enojad[ao]|molest[ao])\b/g, 'i am upset'],
  [/\b(me toca|nos toca|me corresponde) la oficina de\b/g, 'which office covers my area'],
  [/\b(me|nos) (pueden|puedan|podrian) atender desde la oficina de\b/g, 'do you serve my area from the office of'],
  [/\bpuedo (escoger|elegir) si vienen en la manana o en la tarde\b/g, 'can i pick morning or afternoon'],
  [/\bdentro de un mes\b/g, 'next month'],
  [/\bando de viaje\b/g, 'i am out of town'],
  [/\baparte de ustedes\b/g, 'besides you'],
  [/\b(la )?mejor compania de plomeria\b/g, 'recommend a plumbing company'],
  [/\bpor que (los|las) deberia (escoger|elegir|contratar) a ustedes\b/g, 'why should i choose you'],
  [/\b(le |les )?(tomo|saco|mando|envio) (una )?foto\b/g, 'i send a photo'],
  [/\bhablar con\b/g, 'talk to'],
  [/\bpersona real\b/g, 'real person'],
  [/\ba que hora\b/g, 'what time'],
  [/\bcuanto (cuesta|cuestan|cobran|sale|salen|vale)\b/g, 'how much does it cost'],
  [/\bpresupuesto gratis\b/g, 'free estimate'],
  [/\btiene(n)? garantia\b/g, 'guarantee'],
  [/\bpor favor\b/g, 'please'],
  [/\b(lineas?|tuberias?|tubos?) de gas\b/g, 'gas lines'],
  [/\b(reparaciones|reparacion|servicios?|trabajos?) de gas\b/g, 'gas services'],
];

const words: Record<string, string> = {
  lavabo: 'sink', lavabos: 'sinks', fregadero: 'kitchen sink', lavamanos: 'sink', regadera: 'shower', ducha: 'shower', tina: 'tub', banera: 'tub',
  inodoro: 'toilet', inodoros: 'toilets', excusado: 'toilet', taza: 'toilet', bano: 'bathroom', banos: 'bathrooms', cocina: 'kitchen',
  drena: 'drain', gorgorea: 'gurgles', gorgoteo: 'gurgling', drenaje: 'drain', desague: 'drain', tapado: 'clogged', tapada: 'clogged', atascado: 'clogged', destapar: 'unclog',
  fuga: 'leak', fugas: 'leaks', gotea: 'drips', goteo: 'drip', goteando: 'dripping', mancha: 'stain', humedad: 'moisture', moho: 'mold',
  techo: 'ceiling', pared: 'wall', paredes: 'walls', piso: 'floor', losa: 'slab', cimientos: 'foundation', patio: 'yard',
  tubo: 'pipe', tubos: 'pipes', tuberia: 'pipes', tuberias: 'pipes', llave: 'faucet', llaves: 'faucets', grifo: 'faucet', grifos: 'faucets', nuevas: 'new', nuevos: 'new', valvula: 'valve', manguera: 'hose',
  calentador: 'water heater', calentadores: 'water heaters', boiler: 'water heater', suavizador: 'water softener', suavizadores: 'water softeners',
  triturador: 'garbage disposal', presion: 'pressure', gas: 'gas', alcantarillado: 'sewer', cloaca: 'sewer', raices: 'roots',
  instalan: 'do you install', instalar: 'install', reparan: 'do you repair', reparar: 'repair', arreglan: 'do you fix', arreglar: 'fix',
  cambiar: 'replace', reemplazar: 'replace', limpiar: 'clean', revisar: 'inspect', inspeccion: 'inspection', camara: 'camera',
  precio: 'price', precios: 'prices', costo: 'cost', tarifa: 'rate', presupuesto: 'estimate', cotizacion: 'quote', gratis: 'free',
  pagar: 'pay', pago: 'payment', tarjeta: 'card', efectivo: 'cash', cheque: 'check', cheques: 'checks', financiamiento: 'financing',
  cita: 'appointment', agendar: 'schedule', programar: 'schedule', reservar: 'book', venir: 'come', vengan: 'come', manana: 'tomorrow',
  hoy: 'today', lunes: 'monday', martes: 'tuesday', miercoles: 'wednesday', jueves: 'thursday', viernes: 'friday', sabado: 'saturday',
  domingo: 'sunday', horario: 'hours', abren: 'open', abierto: 'open', abiertos: 'open', cierran: 'close', ahorita: 'now', ahora: 'now',
  oficina: 'office', oficinas: 'offices', direccion: 'address', telefono: 'phone', numero: 'number', ubicados: 'located', donde: 'where',
  licencia: 'licensed', seguro: 'insured', asegurados: 'insured', garantia: 'guarantee', garantizan: 'guarantee', anos: 'years',
  empresa: 'company', negocio: 'business', comercial: 'commercial', restaurante: 'restaurant', apartamentos: 'apartments',
  membresia: 'membership', membresias: 'memberships', plan: 'plan', planes: 'plans', mantenimiento: 'maintenance',
  emergencia: 'emergency', urgente: 'urgent', inunda: 'flooding', inundando: 'flooding', inundacion: 'flood', revento: 'burst', rompio: 'broke',
  roto: 'broken', huele: 'smells', olor: 'smell', queja: 'complaint', molesto: 'upset', enojado: 'angry', pesimo: 'terrible', malo: 'bad',
  plomero: 'plumber', plomeros: 'plumbers', plomeria: 'plumbing', hola: 'hello', gracias: 'thanks', ayuda: 'help', ciudad: 'city',
  ciudades: 'cities', area: 'area', atienden: 'do you serve', trabajan: 'do you work', vivo: 'i live', ustedes: 'you', necesito: 'i need',
  quiero: 'i want', tienen: 'do you have', son: 'are you', estan: 'are you', hacen: 'do you do', ofrecen: 'do you offer', aceptan: 'do you accept', cuanto: 'how much',
  destapan: 'do you unclog', canos: 'drains', cano: 'drain', humano: 'human', repitelo: 'repeat it',
  reparaciones: 'repairs', reparacion: 'repair', instalacion: 'installation', instalaciones: 'installations', servicio: 'service', servicios: 'services',
  un: 'a', una: 'a', en: 'in', el: 'the', la: 'the', los: 'the', las: 'the', del: 'of the', de: 'of', mi: 'my', mis: 'my',
  para: 'for', con: 'with', y: 'and', cerca: 'near', casa: 'house', muy: 'very', nuevo: 'new', nueva: 'new', cuando: 'when',
  caliente: 'hot', fria: 'cold', agua: 'water', lento: 'slow', lenta: 'slow', ruido: 'noise', sale: 'comes out',
};

/** The English gloss of a Spanish message, folded (lower case, no accents). */
export function glossSpanish(message: string): string {
  let text = fold(message).replace(/[¿¡]/g, ' ');
  for (const [pattern, english] of phrases) text = text.replace(pattern, english);
  return text.replace(/[a-z]+/g, (w) => words[w] ?? w);
}
