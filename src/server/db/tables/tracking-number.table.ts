/** The tracking_numbers table: the phone number shown per traffic channel (SPEC §3 tracking number record). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface TrackingNumberTable {
  id: Generated<number>;
  /** 'default', 'google', 'facebook', 'yelp', 'nextdoor', … */
  channel_key: string;
  /** Written like (512) 368-9159; null until staff enter the channel's number. */
  display_number: string | null;
  /** Normalised to tel:+1… when served (SPEC §5); null means "from display_number". */
  tel_link: string | null;
  is_default: Generated<boolean>;
  is_active: Generated<boolean>;
  /** JSON text with optional lists urlParams, utmSources, referrerIncludes. */
  detection_rules: Generated<string>;
  /** Channels are tried in this order; the first match wins. */
  sort_order: Generated<number>;
  /** Local sample rows; never inserted in production. */
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type TrackingNumber = Selectable<TrackingNumberTable>;
export type NewTrackingNumber = Insertable<TrackingNumberTable>;
export type TrackingNumberUpdate = Updateable<TrackingNumberTable>;
