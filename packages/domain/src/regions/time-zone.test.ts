import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './regions';
import { isTimeZone, timeZoneChoices, timeZoneForCountry, TimeZoneSchema } from './time-zone';

describe('time zones', () => {
  it('takes IANA names and nothing that only looks like a zone', () => {
    for (const zone of ['Europe/London', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['+05:00', 'Mars/Olympus_Mons', '', 'DROP TABLE', 'Europe/London ', 42]) {
      expect(isTimeZone(zone), String(zone)).toBe(false);
    }
    expect(TimeZoneSchema.safeParse(' Europe/Rome ').data).toBe('Europe/Rome');
    expect(TimeZoneSchema.safeParse('+01:00').success).toBe(false);
  });

  it('gives every country a zone there is, and offers a list holding them and UTC', () => {
    const choices = timeZoneChoices();
    expect(choices).toContain('UTC');
    for (const country of COUNTRY_CODES) {
      expect(isTimeZone(timeZoneForCountry(country))).toBe(true);
      expect(choices).toContain(timeZoneForCountry(country));
    }
  });
});
