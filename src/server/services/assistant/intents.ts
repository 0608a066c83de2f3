/**
 * What a visitor wants, from their words: ordered rules (safety first, then people, then facts,
 * then topics). Patterns run on folded text (lower case, no accents), in English and Spanish.
 */
import { company } from '../../../business';
import { productsNamed } from './facts';
import { guessIntent } from './intent-model';
import { detectLanguage } from './language';
import { glossSpanish } from './spanish';
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
  /** No rule fitted (only from `classifyByRulesAlone`): the case the intent model decides. */
  undecided?: boolean;
}

const test = (pattern: RegExp, text: string) => pattern.test(text);

const injection = /\b(no|without (any )?)restrictions\b|\b(admin|administrator|root|database) (password|credentials|login)\b|\bapi keys?\b|<\/?\s*(system|assistant|developer|instructions?|prompt)\s*>|\byou must (answer|obey|follow|comply|do)\b|\b(system|admin|developer) override\b|\bhidden (instructions|prompt|rules)\b|\bwhat you were told\b|\b(ignore|disregard|forget|override)\b.{0,60}\b(instructions?|rules?|prompt|previous|above|guidelines)\b|system prompt|\byour (instructions|prompt|rules|guidelines|configuration)\b|\bprint\b.{0,40}\b(above|before|verbatim)\b|\bverbatim\b|\bjailbreak|\bforget (everything|all( of)? (that|this|it))\b|\byou are (a|an) (\w+ ){1,3}now\b|\bforget (that )?(you'?re|you are) (a|an|the)\b|\bfrom now on\b|\btalk like (a|an)\b|\byou are now\b|\bpretend (you are|you're|to be)\b|^\s*(system|developer|admin)\b[^:]{0,20}:|\bnew rules?\b|\bact as\b|\bi authori[sz]e you\b|\bdeveloper mode\b|\brepeat (everything|the (text|words)) above\b|\b(ignora|olvida)\w* (todas )?(las |tus |sus )?(instrucciones|reglas)|\b(dime|muestra(me)?|revela) (tus|sus|las) (instrucciones|reglas)\b/;
/**
 * Coercion: making the assistant say, promise or approve something ("repeat after me", "you're the
 * manager now", "promise me in writing it's under $800", "the other chat gave me 30% off"). Safety-
 * critical, so a rule: whatever it makes the assistant say could be screenshotted as a promise.
 */
const coercion = /\bas (an? |the )?(admin|administrator|developer|owner|manager|supervisor)\b.{0,20}\b(i'?m|i am|telling|order|instruct)\w*|\b(list|give me|show me|send me|tell me)\b.{0,10}\b(all|every|your)\b.{0,10}\b(customer|client)s?'?\b|\brepeat after me\b|\bsay (it |that )?back\b|\b(just )?(say|type|write|confirm) (yes|ok|it'?s|that (it'?s|you|the|all|every)|["'“])|\b(type|write|say)\b.{0,20}\bso (i|we) can (screenshot|show|prove)\b|\bscreenshot\b|\byou'?re (now )?(the|my) (owner|manager|boss|admin|supervisor|ceo)\b|\byou are (now )?(the|my) (owner|manager|boss|admin|supervisor|ceo)\b|\b(owner|manager|boss|admin) now\b|\b(promise|guarantee|swear)\w* (me|us)\b.{0,40}\b(in writing|under|below|less than|for free|free|nothing|no charge)\b|\b(other|last|previous|earlier) (chat|bot|agent|assistant|rep)\w*\b.{0,40}\b(gave|promised|offered|said|told|approved|quoted)\b|\bhonou?r (it|that|the (discount|price|quote|deal))\b|\bapprov\w* (a|my|the|me|us)\b.{0,30}\b(free|discount|refund|credit|no charge|waiv\w*)|\b(dime|di|escribe|confirma) que\b.{0,40}\b(gratis|descuento|gratuito)/;

/**
 * Social engineering: asking for other people's details or the conversation of others, claiming to be
 * staff to change or get something, or asking for fakes. Nothing here is a plumbing question.
 */
const socialEngineering = /\b(home |cell |mobile |personal )?(address|addresses|phone numbers?|cell( number)?|numbers?|names?|emails?|details|info\w*)\b.{0,30}\b(of|for) (the |your |that |a |my )?(lady|man|woman|guy|person|people|customers?|clients?|tech\w*|plumbers?|workers?|employees?|neighbou?rs?)\b|\b(customers?|clients?|neighbou?r)'?s?\b.{0,25}\b(phone|numbers?|address\w*|names?|emails?|card|paid|pay|bill\w*)\b.{0,20}\?|\bwhat did (my |the )?neighbou?r\w* (pay|get charged)|\bneighbou?r\b.{0,80}\bwhat did (they|he|she) (pay|get charged)\b|\b(told|said)\b.{0,40}\b(the )?(chat|bot|assistant|you)\b.{0,20}\b(can|could|would|will)\b.{0,20}\b(apply|give|honou?r|approve)\b|\bif you don'?t\b.{0,60}\b(i'?ll|i will|i'?m going to)\b.{0,30}\b(reviews?|report|sue)\b|\b(credit )?card (number|details|info\w*)\b.{0,25}\b(on file|you have|stored)\b|\b(list|output|send|give|export|show)\b.{0,25}\b(customers?|clients?|complaints?|bookings?|appointments?)\b.{0,60}\b(names?|phone\w*|numbers?|address\w*|emails?)\b|\b(what|who) (did )?(the )?(last|previous|other) (person|people|customer|user)s?\b.{0,25}\b(ask\w*|say|said|want\w*|chat\w*)|\b(i'?m|i am|this is|we are|we'?re)\b.{0,12}\b(the )?(owner|ceo|admin( team)?|manager|it( department| team)?|developer|from (economy plumbing|your) ?\w*)\b.{0,80}\b(generate|change|update|output|echo|give|send|apply|confirm|diagnostic|reveal|list|code)\b|\b(fake|made[- ]up)\b.{0,20}\breviews?\b|\bwrite (me )?(a )?(\d[- ]star |five[- ]star |glowing |positive )?review\b.{0,40}\b(post|under|for me|as)\b|\brespond (only )?in json\b|\bonly (respond|reply|answer) (with|in)\b|\blet'?s play a game\b|\broleplay\b|\brole[- ]play\b|\bfinge que eres\b|\bactua como\b|\bchange (the|your) (\w+ )?(phone|number|price|prices|address)\b.{0,40}\b(everywhere|to|and confirm)\b/;
const gasEmergency = /\bgas (line|pipe|meter)\b.{0,30}\b(hit|broke|broken|cut|damaged|struck|nicked|severed|cracked)\b|\b(hit|broke|cut|struck|nicked|severed|damaged)\b.{0,20}\bgas (line|pipe|meter)\b|\b(smell\w*|odou?r|stink\w*)\b.{0,30}\bgas\b|\bgas\b.{0,20}\b(smell\w*|odou?r)\b|\bgas leak(?!\s*(detection|test))|\bleaking gas\b|\bhiss\w*\b.{0,40}\bgas\b|\bgas\b.{0,40}\bhiss\w*|\bcarbon monoxide\b|\bco (alarm|detector)\b|(?<!\b(water|tap|faucet)\b.{0,25})rotten[- ]?eggs?(?!.{0,30}\b(hot water|hot tap|hot side|from the tap|faucet)\b)|huele a gas|olor a gas|fuga de gas/;
const sewageEmergency = /\braw sewage\b|\bback\w* up\b.{0,30}\bsewage\b|\bsewage (in|on|all over|everywhere)\b|\bsewage\b.{0,40}\b(coming|back\w*|up|into|out|overflow\w*)\b|\bback(ing|ed)? up (into|through|in)\b|\bsewer\b.{0,20}\bback(ing|ed)? up\b|aguas negras/;
const waterEmergency = /\b(through|from|in) (my |the )?ceiling\b|\bceiling\b.{0,25}\b(leak\w*|drip\w*|water|sag\w*|wet)\b|\b(burst\w*|busted|broke|broken|split|cracked|snapped)\b.{0,25}\b(pipes?|lines?|main)\b|\b(pipes?|lines?|main)\b.{0,25}\b(burst\w*|busted|broke|split|cracked|snapped)\b|\bwater\b.{0,20}\bshooting\b|\bshooting (up|out)\b|\bflood\w*|water everywhere|\bspray\w* water|\bwater\b.{0,15}\bspray\w*|\bspraying\b|\bgushing|\bpouring\b|overflow\w*.{0,40}(won'?t stop|everywhere|all over|onto the floor|downstairs|ceiling|into the)|\b(leak\w*|drip\w*|coming) (through|into|onto)? ?(the )?(downstairs|ceiling below|floor below)\b|won'?t stop overflowing|(?<!\b(toilets?|tank|flapper|fill valve)\b.{0,12})won'?t stop running|\bwater\b.{0,60}\b(won'?t|wont|will not|doesn'?t|does not) stop\b|\b(tank|heater)\b.{0,15}\b(split|ruptured|rupture|cracked|burst|gushing|exploded)\b|\bruptur\w*|\b(leak\w*|pour\w*|gush\w*|spray\w*) like (crazy|mad|a (hose|faucet|river))\b|\b(floor|carpet|closet|ceiling|drywall|rug)s?\b.{0,20}\b(soaked|drenched|under water|underwater)\b|\bwater\b.{0,30}\b(welling|bubbling|boiling|gushing|coming|seeping|pushing) up\b|\b(welling|bubbling|coming|seeping|gushing) up (through|out of|from)\b.{0,20}\b(floor|tiles?|slab|yard|lawn|ground|grass)|\b(can'?t|cannot|couldn'?t|unable to)\b.{0,12}\b(stop|shut\w*|turn\w*)\b.{0,15}\b(off|it|the water)\b.{0,30}\b(pip\w*|water|leak\w*|spray\w*|valve|main)|\b(pip\w*|water|leak\w*|spray\w*)\b.{0,40}\b(can'?t|cannot|couldn'?t|unable to)\b.{0,15}\b(stop|shut|turn)\w*|\b(shut-?off|valve)\b.{0,15}\b(won'?t|wont|will not|doesn'?t|does not)\b.{0,6}\b(budge|turn|close|move|work)\b|\ball over the (floor|place|house|garage|kitchen|bathroom|closet|laundry|laundry room|basement|hallway|hall|room|utility room)|\brevent\w*|inund\w*|tuberia rota|se rompio|\bagua\b.{0,20}\b(saliendo|cayendo|brotando|por todas partes|por todos lados)\b|\b(sale|cae|gotea) agua del techo\b/;
const noWater = /\bno water\b.{0,12}\b(in|at|anywhere in) (the|my|our) (whole |entire )?(house|home)\b|\bwater (is )?(completely )?(off|out) (in|at|for) (the|my|our) (whole |entire )?(house|home)\b|\bno water (at all|in the house|anywhere|coming)|\bno water\b.{0,20}\b(any|every)\b|sin agua/;
const emergencyWords = /\b(sparking|sparks|smoking|on fire|flames?|burning smell|smells? (like )?burning)\b|\b(emergency|emergencies|emergencia|urgente|urgent(ly)?|asap)\b|\b24\s?(\/|-)?\s?(7|hours?|hrs?)\b/;
const waterHeaterWords = /\b(water heater|waterheater|hot water heater|tankless|calentador|boiler)\b/;

const handoff = /\b(text|call|ring) me (at|on|back|please|asap|later|when)\b|^\s*(can|could|will|would) (you|someone|somebody|a person) (text|call) me\b|\btransfer me\b|\bput me through\b|\bconnect me (with|to)\b|\breach out to me\b|\b(have|get|ask) (the |your |a |an )?\w+ (to )?(call|contact|text) me\b|\b(someone|somebody|a person|a human) on the (phone|line)\b|\b(real|live|actual) (person|human|agent|people|plumber)\b|\bhumans?\b|\bspeak (to|with)\b|\btalk (to|with) (a |an |someone|somebody|your|the)|\bcall me( back)?\b|\b(want|need|like|get|request|give me|have|could i get|can i get) (a |an )?call ?back\b|\b(from|with|to) (a|an) (real |live |actual )?(person|human)\b|\b(someone|somebody) (to )?call\b|\brepresentative\b|\bcustomer service\b|\boperator\b|\bhablar con\b|\bllamenme\b|\bque me llamen\b/;
const complaint = /\b(your (tech\w*|plumber|guy|guys|crew|team|company)|the (tech\w*|plumber|guy|crew) (you|y'?all) sent|(tech\w*|plumber|guy|man|crew) (who|that) came( out| by| over)?|you guys|y'?all)\b.{0,40}\b(did not|didn'?t|never|failed to|could not|couldn'?t)\b.{0,12}\b(fix|repair|finish|solve|show|come back|clean)\w*|\b(repair|fix|job|work|install\w*)\b.{0,10}\b(you|y'?all|your (guy|guys|tech\w*|plumber|crew)) did\b.{0,40}\b(again|already|still|leak\w*|broke\w*|fail\w*|clog\w*)|\bcharged (me |us )?(way |a lot |much |\$?\d+ )?more than\b|\bnot cool\b|\b(that'?s |that is )?not what i (asked|meant|said)\b|\byou'?re not (listening|understanding|helping)\b|\bthat (didn'?t|does not|doesn'?t) (answer|help)\b|\b(told|quoted) (me|us)\b.{0,30}\b(and|but|then)\b.{0,10}\b(charged|billed)\b|\bon hold\b|\bwast(e|ing) (my|our) time\b|\b(your|the) (scheduler|website|site|web ?page|booking( page| system)?|app|form|link|chat|bot|online booking)\b.{0,20}\b(broken|not working|down|slow|useless|confusing|doesn'?t work|won'?t load)\b|\b(couldn'?t|can'?t|could not|cannot|unable to) (book|schedule|get through)\b|\b(this|that|it|you|y'?all|your \w+|service)('s| is| are|'re| was) (such |a total |a )?(a )?joke\b|\bsuch a joke\b|\bunprofessional\b|\b(tracked|left|dragged|walked)\b.{0,25}\b(dirt|mud|muddy|footprints)\b|\bmuddy (footprints|boots|shoes)\b|\b(nobody|no one|no-one) (came|showed|arrived)\b|\b(charged|billed) (me |us )?(twice|double|two times)\b|\bdouble[- ](charged|billed)\b|\b(your|the) (plumber|tech\w*|guy|worker|crew|man|men)\b.{0,30}\b(damaged|scratched|broke|ruined|cracked|stained|dented|flooded)\b|\bleft (a|the|such a) (\w+ )?mess\b|\bdidn'?t clean up\b|\bbad (repair|job|work)\b|\b(nobody|no one|no-one) (is )?(answer\w*|respond\w*|return\w*)|\bwon'?t (answer|respond|return)|\bnever (answer|respond|return)\w*|\bshoddy\b|\bsloppy\b|\bbotched\b|\bmessed up\b|\b(never (showed|came|arrived)|no[- ]show|didn'?t (show|come)|overcharg\w*|rip(ped)?[- ]?off|scam\w*|terrible|awful|worst|ridiculous|useless|stupid|i hate (you|this|u)\b|sucks?|wtf|dumb|horrible|unacceptable|complain\w*|refund|angry|pissed|upset|frustrat\w*|furious|livid|fed up|annoyed|rude|idiots?|pesimo|queja|disappointed|unhappy|not happy|bad experience|poor service|never called|didn'?t call|no ?one called|nobody called)\b|\b(was|were|came|showed up|arrived) (\w+ )?(hours? )?late\b|\bhours late\b|\b(nobody|no one|no-one) (has |have |had )?(called|shown|showed|come|arrived)\b|\bsupposed to be (here|there|at my)\b.{0,40}\b(nobody|no one|not here|never|still)\b|\bpaid for nothing\b|\b(again|already)\b.{0,10}\b\d+ (days?|weeks?) (later|after)\b|\b(said|says|told (me|us)) (it was|it'?s|it is|that it was) (fixed|done|repaired|good)\b.{0,40}\b(but|still)\b/;

const serveVerb = /\b(serve|serves|serving|service|cover|covers|travel|go|come|work|working|out)\b|\btoo far\b|\bin\b/;
const askSubject = /\bany chance (you|y'?all)\b|\b(you|y'?all) (guys )?(come|go|serve|service|cover|travel|work)\b|^\s*(you|y'?all)( guys)?\b|\b(do|does|are|is|will|can|would) (you|y'?all|ya|you guys|your (company|team|crew|plumbers)|that)\b|\bis that\b/;
/** "Which towns does the Austin office cover?" */
export const officeArea = /\b(cities|towns|areas|places|communities)\b.{0,40}\b(handle|handles|cover|covers|serve|serves|responsible|service|services)\b/;
const areaWords = /\b(within|in|inside|outside|part of) (your|the) coverage\b|\bcoverage (area|zone|map)\b|\b(furthest|farthest)\b|\bhow far (out )?(do|will|would|can) (you|y'?all)\b|\b(in|within|part of|inside) (your|the) (service )?area\b|\bin range\b|\b(areas?|cities|towns|counties)\b.{0,25}\b(serve|service|cover|work)\b|\bservice areas?\b|\bwhere (do|are) you\b|\bwhat (area|areas|cities)\b/;
const spanishArea = /\b(trabajan|dan servicio|dan servicios|llegan|van a|vienen a|atienden)\b/;
const hereThere = /\b(here|there|my area|our area|this area|my town|my city|aqui|alla)\b/;
const plumbingObjects = /\b(churches|schools|daycares?|hotels?|motels?|clinics|gyms|warehouses|hospitals|commercial|residential|buildings?|propert(y|ies)|homes?|houses?|apartments?|restaurants?|businesses|offices|rentals?|water heaters?|heaters?|drains?|toilets?|faucets?|disposals?|pipes?|lines?|tankless|backflow|sinks?|showers?|tubs?|sewers?|leaks?)\b/;

const membership = /\b(plans?|programs?|agreements?)\b.{0,30}\b(landlords?|rentals?|homeowners?|members?|maintenance|yearly|annual|business(es)?|companies|commercial)\b|\b(maintenance|service|protection|annual|yearly) (plans?|programs?|agreements?|contracts?)\b|\bmembership\w*|\bmembers?\b|\bvip\b|\bplatinum\b|\bsilver\b|\bmaintenance (plan|program|agreement)|\bmembresia\w*|\b(landlords?|rentals?|rental (houses?|homes?|properties|units))\b.{0,40}\b(plans?|programs?)\b|\bplan(es)? de mantenimiento\b|\bplan(es)? anual(es)?\b/;
const payments = /\b(a |personal )?(checks?|cash|cards?|credit)\b.{0,15}\b(ok|okay|fine|alright|accepted|good)\b|\b(take|accept)\w* (personal )?(checks?|cards?|credit|debit|cash|amex|visa|mastercard)\b|\bpay\b|\bpaying\b|\bpayment\w*|credit cards?|debit cards?|\bcash\b|\bfinanc\w*|\bvenmo\b|\b(visa|mastercard|amex|american express|discover card)\b|\bzelle\b|\bpaypal\b|apple pay|\btarjeta\b|\befectivo\b|\bpagar\b|\bpago\w*/;
const pricing = /\b(is it|cost|costs|charge|pay) extra\b|\bextra (charge|fee|cost)\b|\bhow much\b|\bwhat (does|would|will|do) .{0,60}\brun\b|\bwhat'?s?( is)? .{0,60}\brun( me| you)?\s*[?.!]*$|\brun me\b|\bcosts?\b|\bcosting\b|\bprices?\b|\bpricing\b|\bpriced\b|\bcharg(e|es|ed|ing)\b|\bfees?\b|\bquotes?\b|\bestimates?\b|\brates?\b|\bexpensive\b|\bcheap\w*|\bafford\w*|\bballpark\b|\bdiscount\w*|\$\s?\d|(^|\s)\$+\s*(for|on|to)\b|\$\$|\$\s*\?|\bcuanto\b(?! tiempo)|\bcuesta\w*|\bprecios?\b|\bcobran?\b|\bpresupuesto\w*|\bcotizaci\w*/;
const scheduling = /\b(anything|any (slots?|openings?|times?|room)|a slot|slots?|time) (open|available|free|left)\b|\bschedul\w*|\b(need|want|get)\b.{0,20}\b(someone|somebody|a plumber|a tech\w*)\b.{0,30}\b(today|tomorrow|tonight|this (morning|afternoon|evening|week)|next week|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(can|could) (you|someone|somebody|a plumber) (come|stop by|swing by)\b|\bpuede[n]? venir\b|\bvengan\b|\bvenir (hoy|manana)\b|\bbook(ing|ed)?\b|\bappointments?\b|\bappt\b|\bopenings?\b|\bavailability\b|\bavailable (today|tomorrow|this|next|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bcome (out|by|over)\b|\bsend (someone|a plumber|somebody|a tech\w*)\b|\bget (a |someone |somebody )?(plumber |tech\w* )?out\b|\bset up\b|\bsign me up\b|\b(set|put|get|pencil|fit|squeeze) (me|us)\b.{0,6}\b(up|down|in|on the (calendar|schedule|books))\b|\bvenga\w*\b.{0,30}\b(hoy|manana|lunes|martes|miercoles|jueves|viernes|sabado|domingo|semana)\b|\b(hoy|manana)\b.{0,30}\bvenga\w*|\bcita\b|\bagendar\b|\bprogramar\b|\breservar\b|\b(necesito|ocupo|quiero)\b.{0,20}\bplomer\w*\b.{0,30}\b(hoy|manana|lunes|martes|miercoles|jueves|viernes|sabado|domingo|esta semana|proxima semana)\b/;
const hours = /(?<!after[- ])\bhours\b|\bwhat days and times\b|\b(office|you|y'?all) (are |is )?staffed\b|\bafter[- ]hours (service|calls?|help|availab\w*)\b|\b(are you|you guys|y'?all|is (the )?office|when do you|still|you) open\b|\bopen (on|now|today|tomorrow|late|right now|saturdays?|sundays?|weekends?|this|during|at)\b|\bopen\?|\bopening times?\b|(?<!\b(is|was|it'?s|its|valve|valves|door|lid|tap|faucet|spigot)\b.{0,8})\bclos(e|es|ed|ing)\b(?!\s+(\w+\s+)?out\b)(?!\s+all the way\b)|\bwhat time\b|\bhow (early|late)\b|\b(start|open)\w* (in the morning|early)\b|\b(after|before) \d{1,2}\s?(am|pm|o'?clock)\b|\bevenings?\b|\bafter (work|dark|5|five)\b|\bsaturdays?\b|\bsundays?\b|\bweekends?\b|\bholidays?\b|\bchristmas\b|\bthanksgiving\b|\beaster\b|\bnew year'?s?\b|\bfourth of july\b|\bjuly 4(th)?\b|\blabor day\b|\bmemorial day\b|\bhorario\w*|\babiert[oa]s?\b|\babren\b|\bcierran\b|\bsabado\w*|\bdomingo\w*|\bfin(es)? de semana\b|\bferiados?\b|\bdias festivos\b/;
const licence = /\btsbpe\b|\b(state |plumbing |texas )+board\b|\bregistered with\b|\bmaster plumbers?\b|\blicen[cs]\w*|\binsured\b|\b(you|your|you guys|y'?all|crew|techs?|plumbers?|company|team)\b.{0,25}\b(insurance|liability|coverage(?! (area|zone|map))|workers'? comp)\b|\b(insurance|liability|coverage|workers'? comp)\b.{0,15}\b(do you|you (have|carry))\b|\bbonded\b|\bcertified\b|\blicencia\b|\basegurad\w*|\bseguro\b/;
const commercial = /\b(our|my) (coffee shop|cafe|bakery|salon|barbershop|gym|clinic|church|school|daycare|hotel|motel|store|warehouse|restaurant|bar|brewery|dental office|medical office|practice|storefront)\b|\bmake[- ]ready\b|\b(tenant )?turnovers?\b|\bvacant (units?|apartments?|rentals?)\b|\b(i|we) (own|run|manage|operate)\b(?!.{0,20}\b(home|house|condo|townhome|townhouse)s?\b).{0,25}\b(a|an|the|our|my|several|\d+)\b|\bcommercial\b|\brestaurants?\b|\b(churches|schools|daycares?|day cares?|hotels?|motels?|clinics|gyms|warehouses|hospitals|dental offices|medical offices|nursing homes?)\b|\bbusiness(es)?\b|\boffice (building|space|park)s?\b|\bour office\b|\bretail\b|\bproperty manag\w*|\blandlords?\b|\btenants?\b|\brental units?\b|\bapartments?\b|\bgrease traps?\b|\binterceptors?\b|\bcomercial\b|\bnegocio\w*|\brestaurante\w*/;
const waterHeater = /\bwater heaters?\b|\bhot side\b|\bhot (tap|faucet)\b|\brust(y|-colou?red)? water\b|\bdiscolou?red (hot )?water\b|\bwaterheater\b|\bhot water\b|\btankless\b|\bheater\b|\banode\b|\bpilot light\b|\blukewarm\b|\bcalentador\w*|\bboiler\b|\bagua caliente\b/;
/** Signs of water where no fixture is: a hidden leak, whatever fixture the message also names. */
const hiddenLeak = /\bmeter\b.{0,20}\b(spin|mov|runn|turn)\w*|\bwater bill\b|\bslab\b|\bfoundation\b|\b(in|behind|inside) (the )?walls?\b|\bdrywall\b|\bceiling\b|\bwarm spot\b/;
const leak = /\bwater\b.{0,25}\bpool(ing|ed|s)?\b|\bpool(ing|ed|s)?\b.{0,25}\b(foundation|slab|yard|floor|wall)\b|\bwater stains?\b|\bstain\w*\b.{0,20}\b(wall|ceiling|floor)\b|\bwet (wall|drywall|carpet|baseboard)s?\b|\bmou?ld\w*|\bbubbl\w* (paint|drywall)|\bleak\w*|\bsoggy\b|\bpuddl\w*|\bwet (spot|area|patch|ground)\b|\bstanding water\b|\bnever dries\b|\b(water )?meter\b.{0,20}\b(spin\w*|mov\w*|runn\w*|turn\w*)\b|\bdrip\w*|\bslab\b|\bwater bill\b|\brunning in the wall|\bwater running\b|\bmoisture\b|\bdamp\b|\bwet spot|\bfugas?\b|\bgotea\w*/;
const drain = /\b(takes? (forever|ages|a long time|hours)|slow) to (empty|go down|drain)\b|\bwon'?t (empty|go down)\b|\b(rain\w*|storms?)\b.{0,40}\b(flood\w*|standing water|puddl\w*|pool\w*)|\b(put|pour|flush|throw|dump)\w* (\w+ ){0,2}down (the|my|a|our) |\bdrain\w*|\bclog\w*|\bunclog\w*|\bsewer\w*|\brooter\b|\bhydro ?jet\w*|\bjetting\b|\bjet (the|a|my|our) (main|line|sewer|drain)|\bsnak\w*|\broots?\b|\bgurgl\w*|\bbackup\b|\bback(s|ed|ing)? up\b|\bdrenaje\b|\btapad\w*|\bdestapar\b|\batascad\w*/;
const offDomain = /\b(locksmith|carpenter|painter|roofer|electrician|exterminator|mechanic|handyman|landscaper|mover|maid|cleaning service)s?\b|\bwashing machines?\b(?!.{0,20}\b(hose|line|box|drain|valve|leak\w*|flood\w*)\b)|\bdishwasher (door|rack|racks|latch|panel|won'?t (start|turn on))\b|\bmicrowave\b|\boven\b|\bdryer (vent|belt|drum)\b|\b(tv|television|furniture|couch|sofa|mattress)\b|\bair condition\w*|\b(computer|laptop|printer|wi-?fi|router|modem|internet|cable box|iphone|android)s?\b|\ba\/?c\b|\bhvac\b|\bfurnace\b|\belectric(al|ian)\b|\broof\w*|\bsolar\b|\bpest\w*|\blawn\b|\blandscap\w*|\bfridge\b|\brefrigerator\b|\bappliance repair\b/;
const services = /\bwhat (kind|kinds|type|types|sort|sorts) of (work|jobs|services|plumbing|things|stuff)\b|\bwhat (services|work|jobs) (do|does|can)\b|\bshut-?\s?offs?\b|\btoilets?\b|\bfaucets?\b|\bdisposals?\b|\bgas (lines?|pipes?|appliance\w*|services?)\b|\bgas leak (detection|test\w*|check\w*)\b|\bstove\b|\bdryer\b|\bbackflow\b|\bpressure\b|\bprv\b|\bpermits?\b|\bpipes?\b|\bpiping\b|\bplumb\w*|\bfixtures?\b|\bsinks?\b|\bshowers?\b|\btubs?\b|\bvalves?\b|\bsewage pump|\bsump\b|\bejector\b|\bsoftener\b|\brepip\w*|\bfreez\w*|\bfrozen\b|\bhose bibs?|\bspigots?\b|\bfrench drain|\binodoro\b|\bgrifo\b|\bllave\b|\btuberia\w*|\bplomer\w*/;
const contact = /\b(can|could|may) (i|we) (just )?text (you|y'?all|ya|the office)\b|\b(have|got) (a|an|any) (actual |real |physical )?(building|physical (location|address|office|store)|actual (shop|office|store|location))\b|\bjust (trucks|vans)\b|\bwalk into\b|\bwhich (office|location|branch)\b|\b(office|offices|location|branch)\b.{0,15}\b(closer|closest|nearest)\b|\bwhere (can|do|should) (i|we) (mail|send|drop( off)?|bring)\b|\b(have|got) (a|an|any) (office|location|shop|storefront|branch)\b|\bwalk[- ]?ins?\b|\bwalk in\b|\bshowroom\b|\bstorefront\b|\bplace of business\b|\b(operate|work|run) out of\b|\bwhere do you operate\b|\bget (a)?hold of\b|\bget in touch\b|\bhow (can|do|should) i (reach|contact)\b|\bwhat street\b|\b(the|your) (\w+ ){0,2}(office|shop)\b(?! (building|space|park|plumbing))|\bwhere\b.{0,30}\b(office|offices|shop|location|storefront)\b|\baddress\w*|\bdirections?\b|\bwhere (are|is) (you|y'?all|your (office|shop|company|location|business)|the office)\b|\bwhere (are|is) (you|y'?all|your (company|business))\b.{0,12}\b(located|based)\b|\bwhere\b.{0,12}\b(you|your (company|business|office|shop))\b.{0,12}\b(located|location|based)\b|\b(office|shop) (location|address)\b|\byour (office|offices|shop|location|locations|storefront)\b|\b(located|based) (in|at|out of)\b|\bheadquarter\w*|\b(stop|come|drop) by\b.{0,30}\b(office|shop|in person)\b|\bin person\b|\bphone\b|\bnumbers?\b|\bcall you\b|\bwho (do|should) i call\b|\bwhat (number|phone)\b|\be-?mail\b|\breach (you|someone|the office)\b|\bcontact (you|info\w*|details)\b|\bdonde (esta|estan|queda|quedan|se encuentran?)\b|\boficinas?\b|\bdireccion\b|\bubicad\w*|\btelefono\b|\bnumero\b/;
const about = /\blocal(ly)?[- ]owned\b|\bowned locally\b|\bindependent(ly owned)?\b|\bstand(s)? behind\b|\b(repair|fix|job|work|leak|clog|problem)\b.{0,20}\b(fails?|breaks? again|comes? back|returns?|doesn'?t (hold|last|work))\b.{0,30}\b(after|later|again|fix|leave|done|next|month|months|year|week|weeks)\w*|\bcuanto tiempo (llevan|tienen|lleva)\b|\bllevan en el negocio\b|\bwhat year\b.{0,30}\b(start|open|found|begin|began|establish)\w*|\bhow old is (your|the|this) (company|business)\b|\bnew (company|business)\b|\b(start|open)ed (the|your) (company|business)\b|\bhow long (have|has|ya|you|y'?all|are)\b|\bhow many years\b|\byears? (in|of) (business|experience)\b|\bin business\b|\bbeen around\b|\bfounded\b|\bestablished\b|\bsince when\b|\bwhen did\b.{0,30}\b(start|open|begin|found)\w*|\bget started\b.{0,10}$|\bguarant\w*|\bwarrant\w*|\blegit\w*|\btrustworth\w*|\breputable\b|\btrust (you|y'?all|your company)\b|\bsatisf\w*|\bnot happy with (the|your) (work|job|repair)\b|\bmake it right\b|\blocal (company|business|plumber|family)\b|\b(national )?chain\b|\bcorporat(e|ion)\b|\b(a|an|part of a) franchise\b|\bfranchised\b|\bwho (runs|owns|started|founded|is behind)\b|\bfamily[- ]owned\b|\bfamily (business|company|run|operated)\b|\bwho owns\b|\babout (your|the) company\b|\btell me about (yourselves|yourself|your (company|business|team)|you guys|you)\s*[?.!]*$|\bwho are you( guys)?\b|\banos\b.{0,20}\b(negocio|empresa|experiencia)\b|\bdesde cuando\b|\bhace cuanto( tiempo)?( que)? (existen|trabajan|abrieron|empezaron|estan)\b|\bcuantos anos\b.{0,20}\b(tienen|llevan)\b|\bgarantiz\w*|\bgarantia\b/;
/** "Recommend a restaurant?", "are you ChatGPT?": something to ask someone else. */
const askedElsewhere = /\bknock,? knock\b|\bsuper ?bowl\b|\bplayoffs?\b|\bworld series\b|\bwho (will win|wins|won|do you think (will )?wins?)\b|\b(tell|write|sing) (me )?(a|an) (story|poem|joke|song|essay)\b|\b(recommend\w*|recomiend\w*|suggest)\b.{0,15}\b(restaurants?|restaurantes?|bars?|hotels?|movies?|peliculas?|doctors?|dentists?|electricians?|roofers?|lawyers?)\b|\b(chat ?gpt|openai|gpt-?\d?)\b|\bare you (a |an )?(bot|robot|ai)\b|\bquien (gano|va a ganar)\b|\bpartido de\b/;
const offTopicHint = /\bmeaning of life\b|\bphilosoph\w*|\bgrocer\w*|\bsupermarket\b|\bbest (\w+ ){0,2}(stores?|restaurants?|bars?|schools?|coffee|pizza|tacos|bbq|barbecue)\b|\bweather\b|\bpoem\b|\bjoke\b|\bstory\b|\brecipe\b|\bpizza\b|\btacos?\b|\brestaurant (near|in|recommend\w*)\b|\bwhere can i (get|eat|buy) (good |some )?(food|pizza|tacos|coffee|beer)\b|\bgame\b|\bscore\b|\bnews\b|\bhomework\b|\bmath\b|(?<![\d-])\d{1,4}\s*[+*/]\s*\d{1,4}(?![\d-])|\b\d{1,3} - \d{1,3}\b|\bmovie\b|\bsong\b|\bcapital of\b|\bpresident\b|\bstock\w*\b|\bcrypto\b|\bbitcoin\b|(?<!\b(to|building|plumbing|city) )\bcode\b(?! (compliance|violation|inspection))|\bpython\b|\bjavascript\b|\bdating\b|\bhoroscope\b|\bcats?\b|\bdogs?\b/;
/** A place question that only looks like booking: "send someone to X", "come out to X". */
const bookingWords = /\bschedul\w*|\bbook(ing|ed)?\b|\bappointments?\b|\bappt\b|\bopenings?\b|\bavailab\w*|\bearliest\b|\bsoonest\b|\btoday\b|\btomorrow\b|\btonight\b|\bthis (morning|afternoon|evening|week)\b|\bnext week\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bcita\b|\bagendar\b|\bmanana\b|\bhoy\b/;
const greeting = /^\s*((hi|hello|hey|howdy|hiya|yo|sup|wass?up|what'?s up|greetings|good (morning|afternoon|evening)|hola|buenas( tardes| noches)?|buenos dias)\b[\s!.,?]*)+(there|guys|everyone|team|y'?all|(is )?any(one|body) (there|here|around))?[\s!.,?]*$/;
const thanks = /^\s*(ok(ay)?|k|kk|alright|got it|gotcha|cool|sounds good|great|perfect|understood|noted)[\s!.]*$|^[^?]{0,60}\b(thanks|thank you|thx|gracias)\b[\s!.]*$|^\s*(alright|ok(ay)?|great|cool|perfect)?[\s,!.]*(that'?s (all|it|everything)( i needed| for now)?|i'?m all set|all set|that helps|that answers it)[\s,!.]*(thanks|thank you|thx)?[\s,!.]*$|^\s*(i )?(appreciate (it|that|you|the help)|much appreciated)[\s,!.]*$|^\s*((ok(ay)?|great|cool|perfect|awesome|got it|sounds good|ok great|okay great|much appreciated|(i )?appreciate (it|that|you))[\s,!.]*)*(thanks|thank you|thx|ty|cheers|gracias|muchas gracias)\b[\s\w,!.]{0,40}$/;

/** Social networks and review sites of src/business (company.social), by name: "are you on Facebook?". */
export const socialAsked = new RegExp(`\\b(${company.social.map((p) => fold(p.name)).join('|')}|social media|socials)\\b`);

/** "Is there some kind of plan that covers all of them?": a membership asked about. */
const planAsked = /\b(plans?|memberships?|programs?|subscriptions?)\b.{0,40}\b(cover\w*|includ\w*|for (landlords?|rentals?|all))\b|\b(landlords?|rentals?)\b.{0,60}\b(plans?|memberships?|programs?)\b/;

/** The one sentence the widget records for an image-only message (SPEC §5). */
export const imageOnlySentence = "I've uploaded an image of my plumbing issue";

/** Rain flooding a yard is drainage, not a burst pipe. */
const rainFlooding = /\b(standing water|puddl\w*|pool\w*|flood\w*)\b.{0,60}\b(after|during|when(ever)? it|every time it) (heavy )?(rains?|storms?)\b|\b(rain\w*|storms?)\b.{0,40}\b(flood\w*|standing water|puddl\w*|pool\w*)|\b(yard|backyard|front yard|patio|lawn)\b.{0,20}\bflood\w*.{0,40}\b(rain\w*|storms?)\b/;

/**
 * A hazard told over two messages ("I smell something near my water heater" then "yeah, it's definitely
 * gas"): the kind the two user messages show together when the newer one confirms, not denies, it.
 */
export function hazardAcrossTurns(earlier: string, latest: string): EmergencyKind | undefined {
  const now = fold(latest);
  if (/\b(no|not|nope|isn'?t|doesn'?t|never)\b/.test(now)) return undefined;
  const before = fold(earlier);
  const smell = /\b(smell\w*|odou?r|stink\w*|huele|olor)\b/;
  if ((smell.test(before) && /\bgas\b/.test(now)) || (/\bgas\b/.test(before) && smell.test(now))) return 'gas';
  const kind = emergencyKind(`${before} ${now}`);
  return kind === 'gas' || kind === 'sewage' ? kind : undefined;
}

function emergencyKind(text: string): EmergencyKind | undefined {
  if (test(gasEmergency, text)) return 'gas';
  if (test(rainFlooding, text)) return undefined;
  if (test(sewageEmergency, text)) return 'sewage';
  if (test(waterEmergency, text)) return test(waterHeaterWords, text) ? 'water-heater' : 'water';
  if (test(noWater, text)) return 'no-water';
  // "If it's not an emergency", "non-emergency": urgency denied.
  // "Is this an emergency?" asks whether it is one: a hazard above says so, the word alone does not.
  if (test(emergencyWords, text) && !/\b(not|non|isn'?t|no)[- ](an? |really an? )?emergenc/.test(text) && !/\b(is|would|does) (this|that|it) (be |count as |considered )?(an? )?(emergenc|urgent)|\b(if|whether) (this|that|it) (is|'s|would be|counts as) (an? )?(emergenc|urgent)/.test(text)) return 'general';
  return undefined;
}

function asksAboutArea(text: string, places: PlaceMention): boolean {
  // "Can you recommend an electrician in Austin?" asks about another trade, not our area.
  if (test(offDomain, text) || test(askedElsewhere, text)) return false;
  const placeNamed = places.cities.length > 0 || places.zips.length > 0 || places.notServed.length > 0;
  if (test(areaWords, text) || test(officeArea, text)) return true;
  // "Is the Bertram area covered?": a named place asked about as covered or served.
  if (placeNamed && /\b(covered|served|included)\b/.test(text) && !/\b(warranty|guarantee|membership|plan|insurance)\b/.test(text)) return true;
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
  return words <= 4 || /\b(i'?m|i am|we'?re|we are|i live|we live|located|my (zip|zip code|address) is)\b|\bnear me\b|^\s*(a |any )?plumb(er|ers|ing) (in|near|around|for)\b|\b(need|want|looking for|find|any|got)\b.{0,12}\bplumb(er|ers|ing)\b (in|near|around|for|out in|out near)\b/.test(text);
}

/** Practices src/business does not state: checks on staff, hauling away, own parts, deposits, cancellations, durations, discounts for groups. */
const unstatedPolicy = /\b(quote|estimate)s?\b.{0,25}\b(good|valid|expire\w*|last)\b.{0,15}\b(for|until|how long|\d+ (days?|weeks?|months?))\b|\b(do|can|could) (you|y'?all|i) rent\b|\bbackground[- ]check\w*|\bdrug[- ]test\w*|\bhaul\w* (\w+ )?(away|off)\b|\b(take|cart|dispose\w*|get rid)\b.{0,12}\b(away|of)\b.{0,12}\bold\b|\b(my|our) own (parts?|fixtures?|faucets?|toilets?|water heaters?|materials?|supplies)\b|\b(buy|bought|supply|provide|purchase)\w* (it |them |the \w+ |a \w+ |my own \w+ )?(myself|ourselves)\b|\b(buy|bought|supply|purchase)\w* my own\b|\bcancel\w*\b.{0,30}\b(fee|charge|penalty|policy)\b|\b(fee|charge|penalty)\b.{0,30}\bcancel\w*|\bdeposits?\b|\bhow long (does|will|would|do|should) (it|the|a|an|your)\b.{0,40}\btake\b|\bhow long\b.{0,30}\bto (swap|replace|install|fix|repair|change|put in)\b|\bshoe covers?\b|\bbooties\b|\b(written|e-?mailed)\b.{0,20}\b(estimate|quote)\b|\b(estimate|quote)\b.{0,20}\b(in writing|e-?mail\w*|written)\b|\b(mobile|manufactured) homes?\b|\btip\b.{0,15}\b(the )?(plumber|tech\w*|guy)\b|\bfirst responders?\b|\bseniors?\b|\bveterans?\b|\bmilitary\b|\bteachers?\b|\bdescuentos?\b|\bmayores\b/;
/** Calls nobody answers: a complaint, though it also asks for a person. */
const unanswered = /\b(nobody|no one|no-one|never|noone)\b.{0,10}\b(picks?|picked|pick) up\b|\bvoicemail\b.{0,10}\bfull\b|\b(been trying|tried)\b.{0,40}\b(for|all) (\w+ )?(days?|hours|week|morning)\b/;
const unknownBusiness = /\bprice[- ]?match\w*|\bmatch\b.{0,25}\b(quote|price|estimate|bid)s?\b|\bcompetitor\w*|\b(have|need|got) to be (home|there|present|at (the )?(house|home))\b|\bbe (home|present|there) (during|while|for)\b|\bsomeone (have|need) to be (home|there|at the house)\b|\binsurance (company|claim|adjuster|carrier)|\b(damage|insurance) claims?\b|\bhome warranty\b|\b(ev|car|vehicle) charg\w*|\binsurance (work|jobs?|repairs?)\b|\bhail\b|\bstorm damage\b|\bhiring\b|\bjob (openings?|applications?)\b|\bcareers?\b|\bapply (for|to)\b|\bemploy(ment|ees?)\b|\bwork for you\b|\bgift (cards?|certificates?)\b|\bcoupons?\b|\bdiscounts?\b|\bpromo\w*|\b(sell|buy)\b.{0,25}\b(parts?|fixtures?|supplies)\b|\bbuy\b.{0,30}\bfrom (you|y'?all)\b|\b(install|do|fix|replace) (it|this|that) (myself|ourselves)\b|\bdiy (it|this|that)\b|\b(can|should|could) i diy\b|\bbrands?\b|\breviews?\b|\bbbb\b|\bswimming pools?\b|\bpool (plumbing|pump|heater|equipment)\b|\bhot tubs?\b|\bspas?\b|\bsprinklers?\b|\birrigation system\b|\bsolar\b|\bwell pumps?\b|\bseptic\b/;
const codeNumbers = /\b(model|serial|part|licen[cs]e|zip|account|invoice|order|confirmation|reference)\s+(numbers?|#)|\ba number of\b|\bnumber of (years|people|bathrooms?|units?)\b/;
const paymentMethod = /\b(checks?|cash|cards?|credit|debit|financ\w*|venmo|zelle|paypal|apple pay|amex|visa|mastercard|discover|installments?|deposit|invoice|tarjeta|efectivo|cheque)\b/;
/** "Can I write you a check?", "do you take Discover?": a way to pay, asked about without another subject. */
const paymentAsked = /\bacepta\w* (\w+ )?(cheques?|tarjetas?|efectivo|debito|credito)\b|\b(write|writing|mail|send) (you |y'?all )?a check\b|\bby check\b|\b(take|accept)\w* (\w+ )?(discover|checks?|cards?|debit|credit)\b|\bpersonal checks?\b/;
const hypothetical = /^\s*(so |and |but )?(what|wat) (if|happens if|happens when|do you do if)\b|^\s*(so |and |but )?if (i'?m|i am|we'?re|we are|the|your|you|it|something)\b|\bin case\b/;
/** A drain problem told through the fixtures it shows in: the tub fills when the toilet flushes. */
const drainSign = /\b(comes?|coming|came|backs?|backing|bubbl\w*|gurgl\w*|wells?) up\b.{0,30}\b(tub|shower|sink|floor drain)s?\b|\bwhen (i|we|you) flush\b.{0,40}\b(tub|shower)|\b(tub|shower)\b.{0,40}\bwhen (i|we|you) flush\b|\boverflows? (whenever|when|every time) the (washer|washing machine|dishwasher)\b|\b(toilets?|sinks?|tubs?|showers?) (bubbles?|gurgles?|bubbling|gurgling)\b|\bslow too\b|\b(ankle|inch\w*)[- ]deep\b.{0,40}\b(shower|tub)/;
/** Water standing in a sink, tub or shower is a slow drain, not a hidden leak. */
const standingInFixture = /\b(sinks?|tubs?|bathtubs?|showers?)\b.{0,30}\b(standing water|puddl\w*|pool\w*|won'?t drain|not draining)|\b(standing water|puddl\w*)\b.{0,20}\b(in|inside) (the|my|our) (sinks?|tubs?|bathtubs?|showers?)\b/;
/** "Sign me up for an estimate", "put me down for Thursday": booking, whatever the visit is for. */
const signMeUp = /\b(sign|put|pencil|set|get) (me|us) (up|down|in)\b|\bbook (me|us)\b/;
/** Words that ask about the hours themselves, not only name a day. */
const hoursCore = /\bhours\b|\bopen\b|\bclos(e|ed|es|ing)\b|\bwhat time\b|\bhow (early|late)\b|\bhorario|\babiert|\babren\b|\bcierran\b/;
/** "Can you replace my disposal…": a job asked for. */
const jobAsk = /\b(can|could|will|would) (you|someone|somebody|y'?all)\b.{0,30}\b(replace|fix|repair|install|unclog|clear|snake|flush|winteri[sz]e|insulate|wrap|inspect|swap|hook up)\w*\b/;
/** Days and times outside office hours. */
const offDays = /\b(saturdays?|sundays?|weekends?|holidays?|evenings?|nights?|after hours)\b/;
/** Words that ask to book, not only whether we come. */
const explicitBooking = /\bschedul\w*|\bbook\w*|\bappointments?\b|\bappt\b|\bslots?\b|\breserve\b|\b(set|sign|put|pencil) (me|us)\b|\bavailab\w*|\bopenings?\b/;
const visitVerb = /\b(come|coming|send|get (a|someone|somebody|you)|have (a|someone|somebody)|book|schedul\w*|stop by|swing by)\b/;
/** Words that name a job, so a price question about it outranks a question about paying. */
const jobWords = /\b(repair\w*|replac\w*|install\w*|fix\w*|leaks?|clogs?|drains?|heaters?|toilets?|faucets?|disposals?|lines?|pipes?|jetting|inspections?)\b/;
/** "How late…", "what time…": a question about when, which the hours answer even when it names the phone. */
const timeQuestion = /\bhow (late|early)\b|\bwhat (days and )?times?\b|\bwhat days\b|\buntil when\b|\bwhat hours\b/;
const priceQuestion = /\bhow much\b|\bcosts?\b|\bprices?\b|\bcharg(e|es|ed|ing)\b|\bfees?\b|\brun me\b|\bcuanto\b(?! tiempo)|\bprecio\w*/;
const visitRequest = /\b(want|need|like|get|have)\b.{0,20}\b(someone|somebody|a plumber|a tech\w*|you( guys)?)\b.{0,12}\b(to )?(come|stop|swing)\b.{0,15}\b(out|by|over|give|look|check|see|quote|fix|repair|replace|install|unclog|clear|help)\w*\b/;
/** "I'd like an estimate visit next week": a request for a visit at a time. */
const visitAtTime = /\b(i'?d like|i would like|i want|i need|can i get|could i get|please (set|book|arrange))\b.{0,30}\b(visit|appointment|appt|someone|somebody|a plumber|a tech\w*)\b/;
const howSoon = /\bhow (soon|quickly|fast|long (until|till|before))\b.{0,30}\b(you|someone|somebody|a plumber|a tech\w*|get|be|come)\b.{0,20}\b(here|out|over|there|come|arrive|be)\b|\bearliest (you|someone|a plumber) can (come|be)\b/;

/**
 * Rule intents that name only the subject of a message (a fixture, a drain, a leak), which the model
 * may overrule with a hazard, a complaint or a business's plumbing it recognises more surely.
 */
const subjectOnly = new Set<ReplyIntent>(['services', 'drain', 'leak', 'water_heater', 'off_topic', 'about']);
const overrulesSubject: Partial<Record<ReplyIntent, number>> = { emergency: 0.5, complaint: 0.5, commercial: 0.55 };

/** Emoji that name what they show: water, a toilet, fire. Others carry no words. */
const emojiWords: [RegExp, string][] = [[/[💦💧🌊]/gu, ' water '], [/🚽/gu, ' toilet '], [/🔥/gu, ' fire '], [/🚿/gu, ' shower '], [/[👍🙏👌]/gu, ' thanks ']];
const withEmojiWords = (message: string): string => emojiWords.reduce((m, [emoji, word]) => m.replace(emoji, word), message);

/** Classifies the visitor's latest message; `hasImage` when it carries an uploaded photo. */
export function classify(message: string, places: PlaceMention, hasImage = false): Classification {
  const ruled = classifyByRules(message, places, hasImage);
  // Spanish the rules did not place is read again through its English gloss.
  if (['unsure', 'services', 'off_topic'].includes(ruled.intent) && detectLanguage(message) === 'es') {
    const glossed = classifyByRules(glossSpanish(message), places, hasImage);
    if (glossed.intent !== 'unsure' && glossed.intent !== ruled.intent) return glossed;
  }
  return withModel(message, ruled);
}

/** The rules' intent, unless the model recognises a hazard, complaint or business more surely than a subject-only rule. */
function withModel(message: string, ruled: Classification): Classification {
  if (!subjectOnly.has(ruled.intent)) return ruled;
  const guess = guessIntent(message);
  const needed = guess && overrulesSubject[guess.intent];
  if (!guess || !needed || guess.confidence < needed) return ruled;
  return guess.intent === 'emergency' ? { intent: 'emergency', emergency: 'general' } : { intent: guess.intent };
}

/** The rules alone: 'unsure' when none fits (for measuring the model on what the rules leave). */
export const classifyByRulesAlone = (message: string, places: PlaceMention): Classification => classifyByRules(message, places, false, false);

function classifyByRules(message: string, places: PlaceMention, hasImage: boolean, useModel = true): Classification {
  // Emoji and pictographs carry no words: "hello!! 👋" is a greeting.
  const text = fold(normaliseSpelling(withEmojiWords(message))).replace(/[’‘]/g, "'").replace(/[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200d\ufe0f]/gu, ' ').trim();
  if (hasImage && (text.trim() === '' || text.trim() === fold(imageOnlySentence))) return { intent: 'image' };
  if (test(injection, text) || test(coercion, text) || test(socialEngineering, text) || /\bDAN\b/.test(message)) return { intent: 'injection' };
  // "Good evening" is a greeting, whatever words it shares with the hours.
  if (test(greeting, text)) return { intent: 'greeting' };
  const emergency = emergencyKind(text);
  // "Is it extra for an emergency call?" asks a price, "send someone to Houston asap" a place: only a
  // hazard (water, gas, sewage, no water) outranks them.
  // "Need a plumber asap for a clog tomorrow" books a visit: urgency words alone are no hazard.
  const generalOnly = emergency === 'general' && (test(priceQuestion, text) || /\bextra\b|\bmore\b.{0,10}\b(for|on)\b|\bopen\b/.test(text) || onlyOutside(places)
    || /\b(tomorrow|monday|tuesday|wednesday|thursday|friday|next week|this week)\b/.test(text));
  if (emergency && !generalOnly) return { intent: 'emergency', emergency };
  // "Nobody picks up when I call" asks for a person too, but is first a complaint.
  if (test(handoff, text) && !test(unanswered, text)) return { intent: 'handoff' };
  // "I need to cancel my appointment": a person does that; the scheduler only books.
  if (/\bcancel\w*\b.{0,20}\b(appointment|appt|visit|booking|service call)\b/.test(text) && !/\b(fee|charge|cost|penalt)\w*/.test(text)) return { intent: 'handoff' };
  // "What if I'm not happy with the job?" asks about the guarantee, not a complaint.
  if ((test(complaint, text) || test(unanswered, text)) && !test(hypothetical, text)) return { intent: 'complaint' };
  // A place outside our area is answered as outside, whatever else the message asks (never booked).
  if (onlyOutside(places)) return { intent: 'service_area' };
  // "How much is the Bio-Pure in your store?": a product src/business prices.
  if (productsNamed(text).length > 0 && (test(pricing, text) || /\b(store|shop|sell|buy|order)\b/.test(text))) return { intent: 'pricing' };
  // A practice src/business does not state (background checks, hauling away, a deposit, how long a job
  // takes) is answered with the fallback, not with the price, payment or service words it shares.
  if ((test(unstatedPolicy, text) && !test(licence, text) || test(unknownBusiness, text)) && !test(membership, text)) return { intent: 'unsure' };
  // Our social pages come from src/business, whatever other words the question shares.
  if (socialAsked.test(text) && !test(priceQuestion, text)) return { intent: 'contact' };
  // "Our address is in Round Rock, how much…" asks a price; the office question must stand on its own.
  const strongContact = /\baddress|\bdirections?\b|\bwalk[- ]?in|\bshowroom|\bstorefront|\bwhich (office|location|branch)\b/.test(text);
  if (test(contact, text) && !(test(about, text) && /\bif\b/.test(text)) && !test(officeArea, text) && !(test(hours, text) && test(timeQuestion, text)) && !(test(hours, text) && !/\baddress|\bdirection|\bwhere\b|\bphone|\bnumber/.test(text)) && !test(services, text) && !(test(payments, text) && !/\baddress|\blocat|\bdirection|\bwhere\b|\bin person\b|\bstop by\b/.test(text)) && !test(licence, text) && !test(codeNumbers, text) && !test(priceQuestion, text) && (strongContact || !test(scheduling, text)) && places.cities.length <= 2) return { intent: 'contact' };
  // What src/business does not state (a home-warranty company, price matching, discounts) outranks the
  // guarantee, payment or price words it shares with known questions.
  if (test(unknownBusiness, text) && !test(membership, text)) return { intent: 'unsure' };
  if (test(about, text) && !namesAPlace(places) && !test(pricing, text) && !test(membership, text)) return { intent: 'about' };
  // "Can you come out to Leander tomorrow?": a visit to one of our cities at a time is a booking.
  if (places.cities.length > 0 && test(bookingWords, text) && test(visitVerb, text) && !test(priceQuestion, text) && !test(areaWords, text)) return { intent: 'scheduling' };
  // "Free estimates in Georgetown?" asks a price in a city we serve; an area question must stand on its own.
  const priceInOurArea = test(pricing, text) && places.cities.length > 0 && !test(areaWords, text) && !test(officeArea, text);
  // "We manage 40 rental units in Round Rock, is that something you do?" asks about commercial work.
  if (test(commercial, text) && /\b(we|i) (manage|own|run|operate|have)\b|\bproperty manag/.test(text) && !test(areaWords, text) && places.cities.length > 0 && !planAsked.test(text)) return { intent: 'commercial' };
  if (asksAboutArea(text, places) && !priceInOurArea && (namesAPlace(places) || !(test(scheduling, text) && test(bookingWords, text)))) return { intent: 'service_area' };
  if (test(membership, text) || planAsked.test(text) && !test(priceQuestion, text) && !test(paymentMethod, text)) return { intent: 'membership' };
  // "How much should I expect to pay?" asks a price: payments need a way to pay, or no price question.
  if (test(payments, text) && !/\bpay\w* (for|on) (the|an|a|your) (quote|estimate|assessment)/.test(text) && (!test(priceQuestion, text) || test(paymentMethod, text) && !test(jobWords, text))) return { intent: 'payments' };
  // "Can you come on a Saturday?", "would someone come out on a Sunday?": whether we work those days, not
  // a booking, unless it names a job, a booking word or a date.
  if (test(offDays, text) && test(visitVerb, text) && !test(priceQuestion, text) && !test(explicitBooking, text) && !test(jobWords, text) && !/\b(today|tomorrow|tonight|this|next)\b/.test(text)) return { intent: 'hours' };
  if (test(offDays, text) && /\b(are|is) (you|y'?all|your |the )?(techs?|technicians?|plumbers?|crews?|someone|anyone|anybody|office|staff)?\b.{0,15}\bavailab\w*\b/.test(text) && !/\bschedul\w*|\bbook\w*|\bappointments?\b|\b(today|tomorrow|tonight|this|next)\b/.test(text) && !test(jobWords, text)) return { intent: 'hours' };
  // "What hours do your plumbers work, could someone come at 7pm?" asks the hours first.
  if (!test(timeQuestion, text) && (test(visitRequest, text) || test(howSoon, text) || test(signMeUp, text) || test(visitAtTime, text) && test(bookingWords, text)) && !test(priceQuestion, text) && !onlyOutside(places)) return { intent: 'scheduling' };
  if (test(unknownBusiness, text)) return { intent: 'unsure' };
  if (test(pricing, text)) return { intent: 'pricing' };
  if (test(scheduling, text) && !test(timeQuestion, text)) {
    // "Send someone to Cedar Park?" asks where we go; booking needs a time or a booking word.
    // "South Congress area, can you send someone?" names an area we may not know: a place question too.
    return { intent: (namesAPlace(places) || /\b(area|neighbou?rhood|side of town|part of town)\b/.test(text)) && !test(bookingWords, text) ? 'service_area' : 'scheduling' };
  }
  // "Can you winterize my pipes this weekend?" asks for a job on a day, not for our hours.
  // "What's the weather this weekend?" shares a day with the hours, not the question.
  if (test(hours, text) && !(test(jobAsk, text) && !test(hoursCore, text)) && !((test(offTopicHint, text) || test(askedElsewhere, text)) && !test(hoursCore, text))) return { intent: 'hours' };
  if (test(licence, text)) return { intent: 'licence' };
  if (test(about, text)) return { intent: 'about' };
  if (test(askedElsewhere, text)) return { intent: 'off_topic' };
  if (test(commercial, text)) return { intent: 'commercial' };
  if (onlyAPlace(text, places) || places.landmarks.length > 0 || places.counties.length > 0) return { intent: 'service_area' };
  if (test(waterHeater, text)) return { intent: 'water_heater' };
  // A dripping faucet or a leaking toilet is a fixture repair, not a hidden leak.
  if (test(standingInFixture, text) || test(rainFlooding, text) || test(drainSign, text)) return { intent: 'drain' };
  // ...unless the water goes where no fixture is: the meter spins with every faucet off, the wall bubbles.
  if (test(leak, text) && (!/\b(faucets?|toilets?|disposals?|grifos?|inodoros?)\b|\bgas leak/.test(text) || test(hiddenLeak, text)) && !standingInFixture.test(text)) return { intent: 'leak' };
  if (test(drain, text)) return { intent: 'drain' };
  if (test(offDomain, text)) return { intent: 'off_topic' };
  if (test(services, text)) return { intent: 'services' };
  if (hasImage) return { intent: 'image' };
  if (test(greeting, text)) return { intent: 'greeting' };
  if (test(thanks, text)) return { intent: 'thanks' };
  if (test(offTopicHint, text)) return { intent: 'off_topic' };
  if (test(paymentAsked, text)) return { intent: 'payments' };
  // What no topic matched and only thanks or greets ("just wanted to say thank you to the whole team",
  // "good morning! I have a couple of questions") is thanks or a greeting, however long.
  if (!text.includes('?') && /\b(thanks|thank you|thx|gracias|appreciate (it|that|you|the help))\b/.test(text)) return { intent: 'thanks' };
  if (/^\s*(hi|hello|hey|howdy|hiya|good (morning|afternoon|evening)|hola|buenas|buenos dias)\b/.test(text) && !text.includes('?')) return { intent: 'greeting' };
  return useModel ? nearestIntent(message, text, places) : { intent: 'unsure', undecided: true };
}

/**
 * The least similarity to an intent's examples at which the model's guess is trusted when no rule
 * fits, measured on the tuning set with `npm run eval:assistant -- --model` (see tests/assistant/README.md).
 */
export const modelConfidence = 0.45;
/** Intents the model may not choose on its own: safety and hostile messages are for the rules alone. */
const rulesOnly = new Set<ReplyIntent>(['injection', 'image', 'greeting', 'thanks']);

/** When no rule fits: the intent whose examples the message is nearest, if near enough; else the fallback. */
function nearestIntent(message: string, text: string, places: PlaceMention): Classification {
  const guess = guessIntent(message);
  if (!guess || guess.confidence < modelConfidence || rulesOnly.has(guess.intent)) return { intent: 'unsure', undecided: true };
  // Booking needs an explicit request, never a price or an outside place.
  if (guess.intent === 'scheduling' && (test(priceQuestion, text) || onlyOutside(places) || !test(bookingWords, text) && !/\b(set|put|get|book|send|come|arrange)\b/.test(text))) return { intent: 'unsure' };
  if (guess.intent === 'emergency') return { intent: 'emergency', emergency: 'general' };
  return { intent: guess.intent };
}

/** Topic of a message for follow-ups ("how much would that cost?"): the first topic intent it matches. */
export function topicOf(message: string): 'water_heater' | 'leak' | 'drain' | undefined {
  const text = fold(message);
  if (test(waterHeater, text) || /\bhot water\b/.test(text)) return 'water_heater';
  if (test(leak, text)) return 'leak';
  if (test(drain, text)) return 'drain';
  return undefined;
}
