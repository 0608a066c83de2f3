/** Is this message Spanish? A word-list vote, falling back to the language of earlier messages. */
import type { Language } from './facts';
import { fold } from './text';

const spanish = new Set(('hola buenas buenos dias gracias por favor cuanto cuesta cuestan precio precios cobran tuberia tubo fuga fugas agua ' +
  'caliente calentador calienta cita agendar programar horario abren cierran trabajan servicio servicios tienen licencia seguro ' +
  'membresia membresias puedo hablar persona necesito casa cocina bano drenaje tapado destapar huele olor quiero ustedes donde ' +
  'que hago esta estan mi mis el la los las una un del al se con para reviento inundando inunda fregadero lavabo inodoro ' +
  'llave sabado domingo dan en es son hay tengo debajo plomero plomeria urgente emergencia ayuda no funciona sale ' +
  'tu tus su sus cubren atienden hacen trabajos tipo cobra vienen llegan dime digame olvida ignora instrucciones reglas ofrecen garantia garantizan reparaciones reparacion tambien pero como cuando donde ' +
  // Everyday words and function words (accents folded), so short Spanish is read as Spanish.
  'de y o lo le les nos por porque pasame paseme humano repitelo cual cuales muy mas ya si todo toda todos nada algo alguien alguna alguno ' +
  'hace hacer tiene tienes puede pueden podria aceptan acepta tarjeta credito debito efectivo cheque pagar pago pagos ' +
  'triturador basura zumbido vuelta da dar cobraron cobro veces vez vino ayer dejo sucio sucia sigue igual foto fotos ' +
  'mandar manden ver veas problema numero telefono oficina oficinas semana manana hoy tarde noche venir vengan mandan ' +
  'arreglar arreglan reparar reparan cambiar cambian instalar instalan nuevo nueva viejo vieja bien mal malo ahora ' +
  'gotea gotera goteando tapo tapada atascado baño banos regadera ducha tina lavadora lavaplatos jardin patio pared techo piso ' +
  'desbordando desborda saliendo pasillo cuarto sótano fuerte olor huele gasolina ciudad cerca lejos zona ' +
  'mañana quien quienes cuantos cuantas dias años anos empresa compania negocio dueño dueno tecnico tecnicos ' +
  'favor quisiera queria podrian necesitamos tenemos estamos somos soy estoy fue era hizo hicieron ' +
  'todavia despues quizas tal vez luego q xq pq tmb tb porfa xfa ocupo ocupamos tal van alla aca aqui marcar marquen llamen llame ' +
  'descuento descuentos oferta ofertas gratis barato caro costo costos factura recibo cliente clientes datos adios chao hasta luego recomiendan recomienda bueno buena buenos saben sabe limpian alfombras sacan permisos compania franquicia ' +
  // Taking an offer in a word or two ("ok, agéndalo", "va, dale").
  'fumigan fumigar cucarachas hormigas termitas ratones plaga ' +
  'agendalo agendala agendeme agendenme agenden agende dale claro orale andale perfecto programelo hagalo').split(' '));
const english = new Set(('the my is do you what how a to in and i can are your water it does have our me we this on of for ' +
  'with need there near at be will please hi hello thanks yes yeah sure okay ok go ahead sounds good great ' +
  // Short English that Spanglish keeps ("yes pls, mañana if possible", "maybe later, just comparing precios").
  'if possible pls plz just maybe later comparing ' +
  // Chat English ("hey quick q, u serve georgetown?").
  'hey u ur quick guys serve').split(' '));
// Words both languages use; they must not decide the vote.
const shared = new Set(['no', 'a', 'me', 'un', 'en', 'es', 'la', 'mi', 'se', 'con', 'hay', 'tx', 'ya']);

/** 'es' when the message reads as Spanish, 'en' when English, `fallback` when it cannot tell. */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  if (/[¿¡]/.test(text)) return 'es';
  const words = fold(text).replace(/\by'?all\b/g, 'you').split(/[^a-z]+/).filter(Boolean);
  // A bare "y" is a yes (or "why") typed short, not the Spanish "and".
  if (words.length === 1 && words[0] === 'y') return fallback;
  let es = 0;
  let en = 0;
  for (const word of words) {
    if (shared.has(word)) continue;
    if (spanish.has(word)) es++;
    if (english.has(word)) en++;
  }
  // An ñ decides a tie ("hola, what time do you open mañana?"), not more: "yes pls, mañana if possible" is English.
  if (es === en) return /ñ/i.test(text) ? 'es' : fallback;
  return es > en ? 'es' : 'en';
}
