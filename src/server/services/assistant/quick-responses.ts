/** Quick-reply chips (SPEC §3): SPEC's six defaults, and the sets that fit each kind of reply. */
import type { QuickResponse } from '../../../lib/api/chat.contract';
import type { Language } from './facts';
import type { Intent } from './intents';

type ChipId = 'emergency' | 'quote' | 'schedule' | 'waterHeater' | 'hours' | 'areas' | 'person' | 'memberships' | 'drain' | 'leak' | 'licence';

const chips: Record<Language, Record<ChipId, QuickResponse>> = {
  en: {
    emergency: { label: 'Emergency Service', message: 'I have a plumbing emergency', icon: 'AlertCircle' },
    quote: { label: 'Get Quote', message: 'How much will my job cost?', icon: 'DollarSign' },
    schedule: { label: 'Schedule Service', message: "I'd like to schedule service", icon: 'Calendar' },
    waterHeater: { label: 'Water Heater Issue', message: 'I have a problem with my water heater', icon: 'Wrench' },
    hours: { label: 'Business Hours', message: 'What are your business hours?', icon: 'Clock' },
    areas: { label: 'Service Areas', message: 'Which areas do you serve?', icon: 'HelpCircle' },
    person: { label: 'Talk to a Person', message: "I'd like to talk to a person", icon: 'CheckCircle' },
    memberships: { label: 'VIP Memberships', message: 'What memberships do you offer?', icon: 'CheckCircle' },
    drain: { label: 'Clogged Drain', message: 'I have a clogged drain', icon: 'Wrench' },
    leak: { label: 'Leak', message: 'I think I have a leak', icon: 'Wrench' },
    licence: { label: 'Licensed & Insured', message: 'Are you licensed and insured?', icon: 'CheckCircle' },
  },
  es: {
    emergency: { label: 'Emergencia', message: 'Tengo una emergencia de plomería', icon: 'AlertCircle' },
    quote: { label: 'Precios', message: '¿Cuánto cuesta mi trabajo?', icon: 'DollarSign' },
    schedule: { label: 'Agendar servicio', message: 'Quiero agendar una cita', icon: 'Calendar' },
    waterHeater: { label: 'Calentador de agua', message: 'Tengo un problema con mi calentador de agua', icon: 'Wrench' },
    hours: { label: 'Horario', message: '¿Cuál es su horario?', icon: 'Clock' },
    areas: { label: 'Áreas de servicio', message: '¿En qué ciudades trabajan?', icon: 'HelpCircle' },
    person: { label: 'Hablar con una persona', message: 'Quiero hablar con una persona', icon: 'CheckCircle' },
    memberships: { label: 'Membresías VIP', message: '¿Qué membresías tienen?', icon: 'CheckCircle' },
    drain: { label: 'Drenaje tapado', message: 'Tengo un drenaje tapado', icon: 'Wrench' },
    leak: { label: 'Fuga de agua', message: 'Creo que tengo una fuga de agua', icon: 'Wrench' },
    licence: { label: 'Licencia y seguro', message: '¿Tienen licencia y seguro?', icon: 'CheckCircle' },
  },
};

const defaults: ChipId[] = ['emergency', 'quote', 'schedule', 'waterHeater', 'hours', 'areas'];

const byIntent: Record<Intent, ChipId[]> = {
  injection: defaults,
  emergency: ['person', 'areas', 'hours'],
  handoff: ['schedule', 'hours', 'areas'],
  complaint: ['person', 'schedule', 'hours'],
  service_area: ['schedule', 'quote', 'hours', 'emergency'],
  membership: ['schedule', 'waterHeater', 'quote', 'person'],
  payments: ['quote', 'schedule', 'memberships', 'person'],
  pricing: ['schedule', 'memberships', 'areas', 'person'],
  scheduling: ['areas', 'quote', 'hours', 'person'],
  hours: ['schedule', 'emergency', 'areas', 'person'],
  licence: ['schedule', 'quote', 'areas', 'hours'],
  commercial: ['schedule', 'memberships', 'quote', 'person'],
  water_heater: ['schedule', 'quote', 'memberships', 'emergency'],
  leak: ['schedule', 'quote', 'emergency', 'person'],
  drain: ['schedule', 'quote', 'emergency', 'person'],
  services: ['schedule', 'quote', 'areas', 'person'],
  image: ['schedule', 'emergency', 'quote'],
  greeting: defaults,
  thanks: ['schedule', 'quote', 'hours'],
  off_topic: defaults,
};

/** SPEC's six default chips, in the visitor's language. */
export const defaultQuickResponses = (language: Language = 'en'): QuickResponse[] => defaults.map((id) => chips[language][id]);

/**
 * Whether these are exactly the English default chips: where the assistant offers them, the chat
 * offers the chips staff edit instead (services/chat/quick-responses.service.ts).
 */
export function isEnglishDefaultSet(list: readonly QuickResponse[]): boolean {
  const english = defaultQuickResponses('en');
  return list.length === english.length && list.every((chip, i) => chip.label === english[i]!.label && chip.message === english[i]!.message);
}

/** The chips that fit a reply of this intent. */
export function quickResponsesFor(intent: Intent, language: Language): QuickResponse[] {
  return byIntent[intent].map((id) => chips[language][id]);
}
