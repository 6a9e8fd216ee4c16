// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { autoMapFields, autoMapPlaceholders } from './auto-mapping.ts';

describe('matching columns by their names', () => {
  it('reads German Excel headers: Vorname and Nachname, Straße, PLZ, Ort, E-Mail', () => {
    const columns = ['Anrede', 'Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'E-Mail', 'Betrag'];

    expect(autoMapFields(columns)).toEqual({
      first_name: 1,
      name: 2,
      street: 3,
      postcode: 4,
      city: 5,
      email: 6,
    });
  });

  it('takes a full name column without a first name, and English headers', () => {
    const columns = [
      'Name',
      'First name',
      'Company',
      'Street address',
      'ZIP code',
      'Town',
      'Country',
    ];

    expect(autoMapFields(columns)).toEqual({
      name: 0,
      organisation: 2,
      street: 3,
      postcode: 4,
      city: 5,
      country: 6,
    });
  });

  it('matches placeholders to the column of the same name, keeping what was chosen', () => {
    const columns = ['Vorname', 'Betrag', 'Nummer'];

    expect(autoMapPlaceholders(['vorname', 'Betrag ', 'Frist'], columns, {})).toEqual({
      vorname: 0,
      'Betrag ': 1,
    });
    expect(autoMapPlaceholders(['Betrag'], columns, { Betrag: 2 })).toEqual({ Betrag: 2 });
  });
});
