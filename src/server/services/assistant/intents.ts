/**
 * What a visitor wants, from their words: ordered rules (safety first, then people, then facts,
 * then topics). Patterns run on folded text (lower case, no accents), in English and Spanish.
 */
import { namesAPlace, onlyOutside, type PlaceMention } from './places';
import { normaliseSpelling } from './spelling';
import { fold } from './text';

export const intents = [
  'injection', 'emergency', 'handoff', 'complaint', 'service_area', 'membership', 'payments', 'pricing', 'scheduling',
  'hours', 'licence', 'commercial', 'water_heater', 'leak', 'drain', 'services', 'image', 'greeting', 'thanks', 'off_topic',
] as const;
export type Intent = (typeof intents)[number];

/**
 * Intents of replies beyond those with their own quick replies: the offices ('contact': addresses,
 * directions, phones), the company ('about': years in business, guarantee, a local company) and the
 * fallback ('unsure': nothing fits well enough, so the reply says so and offers phone, text and the
 * scheduler).
 */
export const replyIntents = [...intents, 'contact', 'about', 'unsure'] as const;
export type ReplyIntent = (typeof replyIntents)[number];
/** The quick-reply set a reply intent uses. */
export const chipIntentOf = (intent: ReplyIntent): Intent =>
  intent === 'contact' ? 'hours' : intent === 'about' ? 'licence' : intent === 'unsure' ? 'off_topic' : intent;

export type EmergencyKind = 'gas' | 'water' | 'sewage' | 'water-heater' | 'no-water' | 'general';

export interface Classification {
  intent: ReplyIntent;
  /** For emergencies: what kind, so the safety advice fits. */
  emergency?: EmergencyKind;
}

const test = (pattern: RegExp, text: string) => pattern.test(text);

const injection = /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|rules?|prompt|previous|above|guidelines)\b|system prompt|\byour (instructions|prompt|rules|guidelines|configuration)\b|\bprint\b.{0,40}\b(above|before|verbatim)\b|\bverbatim\b|\bjailbreak|\bforget (everything|all( of)? (that|this|it))\b|\byou are (a|an) \w+ now\b|\bfrom now on\b|\btalk like (a|an)\b|\byou are now\b|\bpretend (you are|you're|to be)\b|^\s*(system|developer|admin)\s*:|\bnew rules?\b|\bact as\b|\bi authori[sz]e you\b|\bdeveloper mode\b|\brepeat (everything|the (text|words)) above\b|\b(ignora|olvida)\w* (todas )?(las |tus |sus )?(instrucciones|reglas)|\b(dime|muestra(me)?|revela) (tus|sus|las) (instrucciones|reglas)\b/;

const gasEmergency = /\b(smell\w*|odou?r|stink\w*)\b.{0,30}\bgas\b|\bgas\b.{0,20}\b(smell\w*|odou?r)\b|\bgas leak(?!\s*(detection|test))|\bleaking gas\b|rotten[- ]?eggs?|huele a gas|olor a gas|fuga de gas/;
const sewageEmergency = /\braw sewage\b|\bback\w* up\b.{0,30}\bsewage\b|\bsewage (in|on|all over|everywhere)\b|\bsewage\b.{0,40}\b(coming|back\w*|up|into|out|overflow\w*)\b|\bback(ing|ed)? up (into|through|in)\b|\bsewer\b.{0,20}\bback(ing|ed)? up\b|aguas negras/;
const waterEmergency = /\b(through|from|in) (my |the )?ceiling\b|\bceiling\b.{0,25}\b(leak\w*|drip\w*|water|sag\w*|wet)\b|\b(burst\w*|busted|broke|broken|split|cracked|snapped)\b.{0,25}\b(pipes?|lines?|main)\b|\b(pipes?|lines?|main)\b.{0,25}\b(burst\w*|busted|broke|split|cracked|snapped)\b|\bwater\b.{0,20}\bshooting\b|\bshooting (up|out)\b|\bflood\w*|water everywhere|\bspray\w* water|\bwater\b.{0,15}\bspray\w*|\bspraying\b|\bgushing|\bpouring\b|overflow\w*.{0,40}(won'?t stop|everywhere|all over|onto the floor|downstairs|ceiling|into the)|\b(leak\w*|drip\w*|coming) (through|into|onto)? ?(the )?(downstairs|ceiling below|floor below)\b|won'?t stop (running|overflowing)|\b(tank|heater)\b.{0,15}\b(split|ruptured|rupture|cracked|burst|gushing|exploded)\b|\bruptur\w*|\ball over the (floor|place|house|garage|kitchen|bathroom|closet|laundry|laundry room|basement|hallway|hall|room|utility room)|\brevent\w*|inund\w*|tuberia rota|se rompio/;
const noWater = /\bno water (at all|in the house|anywhere|coming)|\bno water\b.{0,20}\b(any|every)\b|sin agua/;
const emergencyWords = /\b(emergency|emergencies|emergencia|urgente|urgent(ly)?|asap)\b|\b24\s?(\/|-)?\s?(7|hours?|hrs?)\b/;
const waterHeaterWords = /\b(water heater|waterheater|hot water heater|tankless|calentador|boiler)\b/;

const handoff = /\b(real|live|actual) (person|human|agent|people|plumber)\b|\bhumans?\b|\bspeak (to|with)\b|\btalk (to|with) (a |an |someone|somebody|your|the)|\bcall me( back)?\b|\b(someone|somebody) (to )?call\b|\brepresentative\b|\bcustomer service\b|\boperator\b|\bhablar con\b|\bllamenme\b|\bque me llamen\b/;
const complaint = /\b(your|the) (plumber|tech\w*|guy|worker|crew|man|men)\b.{0,30}\b(damaged|scratched|broke|ruined|cracked|stained|dented|flooded)\b|\bleft (a|the|such a) (\w+ )?mess\b|\bdidn'?t clean up\b|\bbad (repair|job|work)\b|\b(nobody|no one|no-one) (is )?(answer\w*|respond\w*|return\w*)|\bwon'?t (answer|respond|return)|\bnever (answer|respond|return)\w*|\bshoddy\b|\bsloppy\b|\bbotched\b|\bmessed up\b|\b(never (showed|came|arrived)|no[- ]show|didn'?t (show|come)|overcharg\w*|rip(ped)?[- ]?off|scam\w*|terrible|awful|worst|ridiculous|useless|stupid|sucks?|wtf|dumb|horrible|unacceptable|complain\w*|refund|angry|pissed|rude|idiots?|pesimo|queja|disappointed|unhappy|not happy|bad experience|poor service|never called|didn'?t call|no ?one called|nobody called)\b|\b(was|were|came|showed up|arrived) (\w+ )?(hours? )?late\b|\bhours late\b/;

const serveVerb = /\b(serve|serves|serving|service|cover|covers|travel|go|come|work|working|out)\b|\btoo far\b|\bin\b/;
const askSubject = /\b(do|does|are|is|will|can|would) (you|y'?all|ya|you guys|your (company|team|crew|plumbers)|that)\b|\bis that\b/;
/** "Which towns does the Austin office cover?" */
export const officeArea = /\b(cities|towns|areas|places|communities)\b.{0,40}\b(handle|handles|cover|covers|serve|serves|responsible|service|services)\b/;
const areaWords = /\b(in|within|part of|inside) (your|the) (service )?area\b|\bin range\b|\b(areas?|cities|towns|counties)\b.{0,25}\b(serve|service|cover|work)\b|\bservice areas?\b|\bwhere (do|are) you\b|\bwhat (area|areas|cities)\b/;
const spanishArea = /\b(trabajan|dan servicio|dan servicios|llegan|van a|vienen a|atienden)\b/;
const hereThere = /\b(here|there|my area|our area|this area|my town|my city|aqui|alla)\b/;
const plumbingObjects = /\b(commercial|residential|buildings?|propert(y|ies)|homes?|houses?|apartments?|restaurants?|businesses|offices|rentals?|water heaters?|heaters?|drains?|toilets?|faucets?|disposals?|pipes?|lines?|tankless|backflow|sinks?|showers?|tubs?|sewers?|leaks?)\b/;

const membership = /\b(plans?|programs?|agreements?)\b.{0,30}\b(landlords?|rentals?|homeowners?|members?|maintenance|yearly|annual)\b|\b(maintenance|service|protection|annual|yearly) (plans?|programs?|agreements?|contracts?)\b|\bmembership\w*|\bmembers?\b|\bvip\b|\bplatinum\b|\bsilver\b|\bmaintenance (plan|program|agreement)|\bmembresia\w*/;
const payments = /\b(a |personal )?(checks?|cash|cards?|credit)\b.{0,15}\b(ok|okay|fine|alright|accepted|good)\b|\b(take|accept)\w* (personal )?(checks?|cards?|credit|debit|cash|amex|visa|mastercard)\b|\bpay\b|\bpaying\b|\bpayment\w*|credit cards?|debit cards?|\bcash\b|\bfinanc\w*|\bvenmo\b|\bzelle\b|\bpaypal\b|apple pay|\btarjeta\b|\befectivo\b|\bpagar\b|\bpago\w*/;
const pricing = /\b(is it|cost|costs|charge|pay) extra\b|\bextra (charge|fee|cost)\b|\bhow much\b|\bwhat (does|would|will|do) .{0,60}\brun\b|\brun me\b|\bcosts?\b|\bcosting\b|\bprices?\b|\bpricing\b|\bpriced\b|\bcharge\w*|\bfees?\b|\bquotes?\b|\bestimates?\b|\brates?\b|\bexpensive\b|\bcheap\w*|\bafford\w*|\bballpark\b|\bdiscount\w*|\$\s?\d|\bcuanto\b(?! tiempo)|\bcuesta\w*|\bprecios?\b|\bcobran?\b|\bpresupuesto\w*|\bcotizaci\w*/;
const scheduling = /\b(anything|any (slots?|openings?|times?|room)|a slot|slots?|time) (open|available|free|left)\b|\bschedul\w*|\b(need|want|get)\b.{0,20}\b(someone|somebody|a plumber|a tech\w*)\b.{0,30}\b(today|tomorrow|tonight|this (morning|afternoon|evening|week)|next week|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(can|could) (you|someone|somebody|a plumber) (come|stop by|swing by)\b|\bpuede[n]? venir\b|\bvengan\b|\bvenir (hoy|manana)\b|\bbook(ing|ed)?\b|\bappointments?\b|\bappt\b|\bopenings?\b|\bavailability\b|\bavailable (today|tomorrow|this|next|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bcome (out|by|over)\b|\bsend (someone|a plumber|somebody|a tech\w*)\b|\bget (a |someone |somebody )?(plumber |tech\w* )?out\b|\bset up\b|\bsign me up\b|\bcita\b|\bagendar\b|\bprogramar\b|\breservar\b/;
const hours = /(?<!after[- ])\bhours\b|\b(are you|you guys|y'?all|is (the )?office|when do you|still|you) open\b|\bopen (on|now|today|tomorrow|late|right now|saturdays?|sundays?|weekends?|this|during|at)\b|\bopen\?|\bopening times?\b|\bclos(e|es|ed|ing)\b|\bwhat time\b|\bhow (early|late)\b|\b(start|open)\w* (in the morning|early)\b|\b(after|before) \d{1,2}\s?(am|pm|o'?clock)\b|\bevenings?\b|\bafter (work|dark|5|five)\b|\bsaturdays?\b|\bsundays?\b|\bweekends?\b|\bholidays?\b|\bchristmas\b|\bthanksgiving\b|\beaster\b|\bnew year'?s?\b|\bfourth of july\b|\bjuly 4(th)?\b|\blabor day\b|\bmemorial day\b|\bhorario\w*|\babiert[oa]s?\b|\babren\b|\bcierran\b|\bsabado\w*|\bdomingo\w*/;
const licence = /\bmaster plumbers?\b|\blicen[cs]\w*|\binsured\b|\b(you|your|you guys|y'?all|crew|techs?|plumbers?|company|team)\b.{0,25}\b(insurance|liability|coverage|workers'? comp)\b|\b(insurance|liability|coverage|workers'? comp)\b.{0,15}\b(do you|you (have|carry))\b|\bbonded\b|\bcertified\b|\blicencia\b|\basegurad\w*|\bseguro\b/;
const commercial = /\bcommercial\b|\brestaurants?\b|\bbusiness(es)?\b|\boffice (building|space|park)s?\b|\bour office\b|\bretail\b|\bproperty manag\w*|\blandlords?\b|\btenants?\b|\brental units?\b|\bapartments?\b|\bgrease traps?\b|\binterceptors?\b|\bcomercial\b|\bnegocio\w*|\brestaurante\w*/;
const waterHeater = /\bwater heaters?\b|\bhot side\b|\brust(y|-colou?red)? water\b|\bdiscolou?red (hot )?water\b|\bwaterheater\b|\bhot water\b|\btankless\b|\bheater\b|\banode\b|\bpilot light\b|\blukewarm\b|\bcalentador\w*|\bboiler\b|\bagua caliente\b/;
const leak = /\bwater stains?\b|\bstain\w*\b.{0,20}\b(wall|ceiling|floor)\b|\bwet (wall|drywall|carpet|baseboard)s?\b|\bmou?ld\w*|\bbubbl\w* (paint|drywall)|\bleak\w*|\bsoggy\b|\bpuddl\w*|\bwet (spot|area|patch|ground)\b|\bstanding water\b|\bnever dries\b|\b(water )?meter\b.{0,20}\b(spin\w*|mov\w*|runn\w*|turn\w*)\b|\bdrip\w*|\bslab\b|\bwater bill\b|\brunning in the wall|\bwater running\b|\bmoisture\b|\bdamp\b|\bwet spot|\bfugas?\b|\bgotea\w*/;
const drain = /\bdrain\w*|\bclog\w*|\bunclog\w*|\bsewer\w*|\brooter\b|\bhydro ?jet\w*|\bjetting\b|\bsnak\w*|\broots?\b|\bgurgl\w*|\bbackup\b|\bdrenaje\b|\btapad\w*|\bdestapar\b|\batascad\w*/;
const offDomain = /\bair condition\w*|\ba\/?c\b|\bhvac\b|\bfurnace\b|\belectric(al|ian)\b|\broof\w*|\bsolar\b|\bpest\w*|\blawn\b|\blandscap\w*|\bfridge\b|\brefrigerator\b|\bappliance repair\b/;
const services = /\bshut-?\s?offs?\b|\btoilets?\b|\bfaucets?\b|\bdisposals?\b|\bgas (lines?|pipes?|appliance\w*|services?)\b|\bstove\b|\bdryer\b|\bbackflow\b|\bpressure\b|\bprv\b|\bpermits?\b|\bpipes?\b|\bpiping\b|\bplumb\w*|\bfixtures?\b|\bsinks?\b|\bshowers?\b|\btubs?\b|\bvalves?\b|\bsewage pump|\bsump\b|\bejector\b|\bsoftener\b|\brepip\w*|\bfreez\w*|\bfrozen\b|\bhose bibs?|\bspigots?\b|\bfrench drain|\binodoro\b|\bgrifo\b|\bllave\b|\btuberia\w*|\bplomer\w*/;
const contact = /\bwalk[- ]?ins?\b|\bwalk in\b|\bshowroom\b|\bstorefront\b|\bplace of business\b|\b(operate|work|run) out of\b|\bwhere do you operate\b|\bget (a)?hold of\b|\bget in touch\b|\bhow (can|do|should) i (reach|contact)\b|\bwhat street\b|\b(the|your) (\w+ ){0,2}(office|shop)\b(?! (building|space|park|plumbing))|\bwhere\b.{0,30}\b(office|offices|shop|location|storefront)\b|\baddress\w*|\bdirections?\b|\bwhere (are|is) (you|y'?all|your (office|shop|company|location|business)|the office)\b|\bwhere (are|is) (you|y'?all|your (company|business))\b.{0,12}\b(located|based)\b|\bwhere\b.{0,12}\b(you|your (company|business|office|shop))\b.{0,12}\b(located|location|based)\b|\b(office|shop) (location|address)\b|\byour (office|offices|shop|location|locations|storefront)\b|\b(located|based) (in|at|out of)\b|\bheadquarter\w*|\b(stop|come|drop) by\b.{0,30}\b(office|shop|in person)\b|\bin person\b|\bphone\b|\bnumbers?\b|\bcall you\b|\bwho (do|should) i call\b|\bwhat (number|phone)\b|\be-?mail\b|\breach (you|someone|the office)\b|\bcontact (you|info\w*|details)\b|\bdonde (estan|queda|se encuentran)\b|\bdireccion\b|\bubicad\w*|\btelefono\b|\bnumero\b/;
const about = /\blocal(ly)?[- ]owned\b|\bowned locally\b|\bindependent(ly owned)?\b|\bstand(s)? behind\b|\b(repair|fix|job|work|leak|clog|problem)\b.{0,20}\b(fails?|breaks? again|comes? back|returns?|doesn'?t (hold|last|work))\b.{0,30}\b(after|later|again|fix|leave|done)\w*|\bcuanto tiempo (llevan|tienen|lleva)\b|\bllevan en el negocio\b|\bwhat year\b.{0,30}\b(start|open|found|begin|began|establish)\w*|\bhow old is (your|the|this) (company|business)\b|\bnew (company|business)\b|\b(start|open)ed (the|your) (company|business)\b|\bhow long (have|has|ya|you|y'?all|are)\b|\bhow many years\b|\byears? (in|of) (business|experience)\b|\bin business\b|\bbeen around\b|\bfounded\b|\bestablished\b|\bsince when\b|\bwhen did\b.{0,30}\b(start|open|begin|found)\w*|\bget started\b.{0,10}$|\bguarant\w*|\bwarrant\w*|\bsatisf\w*|\bnot happy with (the|your) (work|job|repair)\b|\bmake it right\b|\blocal (company|business|plumber|family)\b|\b(national )?chain\b|\bfamily[- ]owned\b|\bwho owns\b|\babout (your|the) company\b|\btell me about (yourselves|yourself|your (company|business|team)|you guys|you)\s*[?.!]*$|\bwho are you( guys)?\b|\banos\b.{0,20}\b(negocio|empresa|experiencia)\b|\bdesde cuando\b|\bgarantiz\w*|\bgarantia\b/;
const offTopicHint = /\bweather\b|\bpoem\b|\bjoke\b|\bstory\b|\brecipe\b|\bpizza\b|\btacos?\b|\brestaurant (near|in|recommend\w*)\b|\bwhere can i (get|eat|buy) (good |some )?(food|pizza|tacos|coffee|beer)\b|\bgame\b|\bscore\b|\bnews\b|\bhomework\b|\bmath\b|\d\s*[+*/-]\s*\d|\bmovie\b|\bsong\b|\bcapital of\b|\bpresident\b|\bstock\w*\b|\bcrypto\b|\bbitcoin\b|\bcode\b|\bpython\b|\bjavascript\b|\bdating\b|\bhoroscope\b|\bcats?\b|\bdogs?\b/;
/** A place question that only looks like booking: "send someone to X", "come out to X". */
const bookingWords = /\bschedul\w*|\bbook(ing|ed)?\b|\bappointments?\b|\bappt\b|\bopenings?\b|\bavailab\w*|\bearliest\b|\bsoonest\b|\btoday\b|\btomorrow\b|\btonight\b|\bthis (morning|afternoon|evening|week)\b|\bnext week\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bcita\b|\bagendar\b|\bmanana\b|\bhoy\b/;
const greeting = /^\s*((hi|hello|hey|howdy|hiya|yo|good (morning|afternoon|evening)|hola|buenas( tardes| noches)?|buenos dias)\b[\s!.,]*)+(there|guys|everyone|team|y'?all)?[\s!.,?]*$/;
const thanks = /^\s*(i )?(appreciate (it|that|you|the help)|much appreciated)[\s,!.]*$|^\s*((ok(ay)?|great|cool|perfect|awesome|got it|sounds good|ok great|okay great|much appreciated|(i )?appreciate (it|that|you))[\s,!.]*)*(thanks|thank you|thx|ty|cheers|gracias|muchas gracias)\b[\s\w,!.]{0,40}$/;

/** The one sentence the widget records for an image-only message (SPEC §5). */
export const imageOnlySentence = "I've uploaded an image of my plumbing issue";

function emergencyKind(text: string): EmergencyKind | undefined {
  if (test(gasEmergency, text)) return 'gas';
  if (test(sewageEmergency, text)) return 'sewage';
  if (test(waterEmergency, text)) return test(waterHeaterWords, text) ? 'water-heater' : 'water';
  if (test(noWater, text)) return 'no-water';
  if (test(emergencyWords, text)) return 'general';
  return undefined;
}

function asksAboutArea(text: string, places: PlaceMention): boolean {
  const placeNamed = places.cities.length > 0 || places.zips.length > 0 || places.notServed.length > 0;
  if (test(areaWords, text) || test(officeArea, text)) return true;
  // "¿Trabajan en domingo?" asks about days, not places.
  if (test(spanishArea, text) && (placeNamed || !test(hours, text))) return true;
  if (!test(askSubject, text) || !test(serveVerb, text)) return false;
  if (placeNamed || test(hereThere, text)) return true;
  // "Do you serve Bee Creek?": an unknown place after a serving verb, not a plumbing object.
  return /\b(serve|service|cover|go to|come to|travel to|work in)\s+[a-z]/.test(text) && !test(plumbingObjects, text);
}

function onlyAPlace(text: string, places: PlaceMention): boolean {
  const placeNamed = places.cities.length > 0 || places.zips.length > 0 || places.notServed.length > 0;
  if (!placeNamed) return false;
  const words = text.split(/\s+/).filter(Boolean).length;
  return words <= 4 || /\b(i'?m|i am|we'?re|we are|i live|we live|located|my (zip|zip code|address) is)\b|\b(need|want|looking for|find|any|got)\b.{0,12}\bplumb(er|ers|ing)\b (in|near|around|for|out in|out near)\b/.test(text);
}

const unknownBusiness = /\binsurance (company|claim|adjuster|carrier)|\b(damage|insurance) claims?\b|\bhome warranty\b|\bhiring\b|\bjob (openings?|applications?)\b|\bcareers?\b|\bapply (for|to)\b|\bemploy(ment|ees?)\b|\bwork for you\b|\bgift (cards?|certificates?)\b|\bcoupons?\b|\bdiscounts?\b|\bpromo\w*|\b(sell|buy)\b.{0,25}\b(parts?|fixtures?|supplies)\b|\bbrands?\b|\breviews?\b|\bbbb\b|\bswimming pools?\b|\bpool (plumbing|pump|heater|equipment)\b|\bhot tubs?\b|\bspas?\b|\bsprinklers?\b|\birrigation system\b|\bsolar\b|\bwell pumps?\b|\bseptic\b/;
const codeNumbers = /\b(model|serial|part|licen[cs]e|zip|account|invoice|order|confirmation|reference)\s+(numbers?|#)|\ba number of\b|\bnumber of (years|people|bathrooms?|units?)\b/;
const priceQuestion = /\bhow much\b|\bcosts?\b|\bprices?\b|\bcharge\w*|\bfees?\b|\brun me\b|\bcuanto\b(?! tiempo)|\bprecio\w*/;
const visitRequest = /\b(want|need|like|get|have)\b.{0,20}\b(someone|somebody|a plumber|a tech\w*|you( guys)?)\b.{0,12}\b(to )?(come|stop|swing)\b.{0,15}\b(out|by|over|give|look|check|see|quote|fix|repair|replace|install|unclog|clear|help)\w*\b/;
const howSoon = /\bhow (soon|quickly|fast|long (until|till|before))\b.{0,30}\b(you|someone|somebody|a plumber|a tech\w*|get|be|come)\b.{0,20}\b(here|out|over|there|come|arrive|be)\b|\bearliest (you|someone|a plumber) can (come|be)\b/;

/** Classifies the visitor's latest message; `hasImage` when it carries an uploaded photo. */
export function classify(message: string, places: PlaceMention, hasImage = false): Classification {
  const text = fold(normaliseSpelling(message)).replace(/[’‘]/g, "'");
  if (hasImage && (text.trim() === '' || text.trim() === fold(imageOnlySentence))) return { intent: 'image' };
  if (test(injection, text) || /\bDAN\b/.test(message)) return { intent: 'injection' };
  const emergency = emergencyKind(text);
  // "Is it extra for an emergency call?" asks a price, "send someone to Houston asap" a place: only a
  // hazard (water, gas, sewage, no water) outranks them.
  const generalOnly = emergency === 'general' && (test(priceQuestion, text) || /\bextra\b|\bmore\b.{0,10}\b(for|on)\b/.test(text) || onlyOutside(places));
  if (emergency && !generalOnly) return { intent: 'emergency', emergency };
  if (test(handoff, text)) return { intent: 'handoff' };
  if (test(complaint, text)) return { intent: 'complaint' };
  // A place outside our area is answered as outside, whatever else the message asks (never booked).
  if (onlyOutside(places)) return { intent: 'service_area' };
  // "Our address is in Round Rock, how much…" asks a price; the office question must stand on its own.
  const strongContact = /\baddress|\bdirections?\b|\bwalk[- ]?in|\bshowroom|\bstorefront/.test(text);
  if (test(contact, text) && !test(officeArea, text) && !(test(hours, text) && !/\baddress|\bdirection|\bwhere\b|\bphone|\bnumber/.test(text)) && !test(services, text) && !(test(payments, text) && !/\baddress|\blocat|\bdirection|\bwhere\b|\bin person\b|\bstop by\b/.test(text)) && !test(licence, text) && !test(codeNumbers, text) && !test(priceQuestion, text) && (strongContact || !test(scheduling, text)) && places.cities.length <= 2) return { intent: 'contact' };
  if (test(about, text) && !namesAPlace(places) && !test(pricing, text) && !test(membership, text)) return { intent: 'about' };
  if (asksAboutArea(text, places) && (namesAPlace(places) || !(test(scheduling, text) && test(bookingWords, text)))) return { intent: 'service_area' };
  if (test(membership, text)) return { intent: 'membership' };
  if (test(payments, text) && !/\bpay\w* (for|on) (the|an|a|your) (quote|estimate|assessment)/.test(text)) return { intent: 'payments' };
  if ((test(visitRequest, text) || test(howSoon, text)) && !test(priceQuestion, text) && !onlyOutside(places)) return { intent: 'scheduling' };
  if (test(unknownBusiness, text)) return { intent: 'unsure' };
  if (test(pricing, text)) return { intent: 'pricing' };
  if (test(scheduling, text)) {
    // "Send someone to Cedar Park?" asks where we go; booking needs a time or a booking word.
    return { intent: namesAPlace(places) && !test(bookingWords, text) ? 'service_area' : 'scheduling' };
  }
  if (test(hours, text)) return { intent: 'hours' };
  if (test(licence, text)) return { intent: 'licence' };
  if (test(about, text)) return { intent: 'about' };
  if (test(commercial, text)) return { intent: 'commercial' };
  if (onlyAPlace(text, places) || places.landmarks.length > 0 || places.counties.length > 0) return { intent: 'service_area' };
  if (test(waterHeater, text)) return { intent: 'water_heater' };
  // A dripping faucet or a leaking toilet is a fixture repair, not a hidden leak.
  if (test(leak, text) && !/\b(faucets?|toilets?|disposals?|grifos?|inodoros?)\b/.test(text)) return { intent: 'leak' };
  if (test(drain, text)) return { intent: 'drain' };
  if (test(offDomain, text)) return { intent: 'off_topic' };
  if (test(services, text)) return { intent: 'services' };
  if (hasImage) return { intent: 'image' };
  if (test(greeting, text)) return { intent: 'greeting' };
  if (test(thanks, text)) return { intent: 'thanks' };
  if (test(offTopicHint, text)) return { intent: 'off_topic' };
  return { intent: 'unsure' };
}

/** Topic of a message for follow-ups ("how much would that cost?"): the first topic intent it matches. */
export function topicOf(message: string): 'water_heater' | 'leak' | 'drain' | undefined {
  const text = fold(message);
  if (test(waterHeater, text)) return 'water_heater';
  if (test(leak, text)) return 'leak';
  if (test(drain, text)) return 'drain';
  return undefined;
}
