/** Both offices' numbers for an island's "call us" text: what the page shows (tracking numbers), else the offices' own. */
import { offices } from '../../business/offices';
import { telHref } from '../../lib/phone';
import { shownPhones } from './phones';

export interface OfficePhone {
  label: string;
  display: string;
  tel: string;
}

export function officePhoneList(): OfficePhone[] {
  const shown = shownPhones();
  return offices.map((o) => ({ label: o.name, display: shown?.[o.id].display ?? o.phone, tel: shown?.[o.id].tel ?? telHref(o.phone) }));
}
