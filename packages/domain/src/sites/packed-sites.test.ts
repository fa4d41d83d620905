import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePackedSites, encodePackedSites, type PackedSite, type PackedSiteInput, type PackedSiteSource } from './packed-sites';
import { rankByUse } from './packed-sites-io';
import { blankSite as site, syntheticSites } from './synthetic-sites.fixture';

function roundTrip(sites: readonly PackedSiteInput[]): PackedSite[] {
  return decodePackedSites(encodePackedSites(sites));
}

describe('packed site list round trip', () => {
  it('carries every field of a full site', () => {
    const full = site({
      siteId: 42,
      siteName: 'Acme Market #1042',
      notes: 'Loading dock at rear.\nCall ahead.',
      tags: ['Retail', 'Night shift'],
      street: '1234 N Main St',
      street2: 'Suite 200',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60601',
      latitude: 41.8856,
      longitude: -87.6212345,
      ct: 2,
      created: '2023-11-02T08:15:00.000Z',
      lrr: '2024-01-15T21:00:59.000Z',
      eid: 'ST-00042',
      s: { '2': 345, '3': 0, '4': 2000 },
      l: { r: 2024, p: 6, f: 5 },
      i: { r: '2024-02-29', b: true, s: false, l: true },
      classes: [3, 17],
      classificationView: 'Retail, Flagship',
      geocodeType: 'ADDRESS',
    });
    expect(roundTrip([full])).toEqual([full]);
  });

  it('encodes decoded sites to the bytes they came from (the server rebuilds lists from kept ones)', () => {
    const sites = syntheticSites(3_000, 7).map((entry, index) =>
      // Milliseconds and 8-decimal coordinates: what the packed form drops must stay dropped.
      index % 3 === 0 ? { ...entry, created: Date.parse(entry.created) + 789, latitude: entry.latitude + 1.23e-8 } : entry,
    );
    const packed = encodePackedSites(sites);
    expect(encodePackedSites(decodePackedSites(packed))).toEqual(packed);
  });

  it('gives an empty list for no sites', () => {
    const bytes = encodePackedSites([]);
    expect(bytes.length).toBeLessThan(32);
    expect(decodePackedSites(bytes)).toEqual([]);
  });

  it('keeps unicode, empty strings and nulls apart', () => {
    const sites = [
      site({ siteId: 1, siteName: 'Café Zürich — Ünïcödé', city: 'Montréal', state: 'QC', street: '東京都 千代田区 1-1', notes: '' }),
      site({ siteId: 2, siteName: '🏪 Shop 🚚', street: '', street2: '', zipCode: '', eid: '', notes: 'مرحبا بالعالم', tags: ['ÉTÉ', '夏'] }),
      site({ siteId: 3, siteName: '', city: '', state: '', classificationView: '', geocodeType: '', countryCode: '', countryDisplay: '' }),
    ];
    expect(roundTrip(sites)).toEqual(sites);
  });

  it('turns a lone surrogate into U+FFFD, as UTF-8 over HTTP would', () => {
    const [back] = roundTrip([site({ siteId: 1, siteName: 'bad \ud800 half' })]);
    expect(back!.siteName).toBe('bad \ufffd half');
  });

  it('keeps spacing, digits and leading zeros exactly', () => {
    const names = [
      ' leading', 'trailing ', 'double  space', 'tab\tand\nnewline', '007', '0', '00', '0000123', '000123',
      '12345678901234567890', 'A1B 2C3', '#12-34', '1 2 3', 'I-90 Exit 12B', '-5', '3.14159', '99999999999',
      // The largest numbers kept as numbers: their tokens pass 31 bits.
      '999999999', '000987654321', 'Unit 268435456 and 268435455',
    ];
    const sites = names.map((name, index) => site({ siteId: index + 1, siteName: name, zipCode: name, eid: name }));
    expect(roundTrip(sites)).toEqual(sites);
  });

  it('keeps texts longer than 50 tokens and glue far into long texts', () => {
    const long = Array.from({ length: 70 }, (_, index) => `word${index}`).join(' ');
    // 40 words, then '#', '7', 'x' glued: glue bits 40 and 41, past 32 bits.
    const letters = (index: number) => String.fromCharCode(97 + (index % 26), 97 + Math.floor(index / 26));
    const glued = `${Array.from({ length: 40 }, (_, index) => letters(index)).join(' ')} #7x`;
    const sites = [site({ siteId: 1, notes: long, street: glued }), site({ siteId: 2, notes: long, street: glued })];
    expect(roundTrip(sites)).toEqual(sites);
  });

  it('keeps negative and extreme coordinates to 7 decimals', () => {
    const points: [number, number][] = [[-33.8688197, 151.2092955], [89.9999999, -179.9999999], [-90, 180], [0.0000001, -0.0000001], [51.5072178, -0.1275862]];
    const sites = points.map(([latitude, longitude], index) => site({ siteId: index + 1, latitude, longitude, city: 'Same' }));
    expect(roundTrip(sites)).toEqual(sites);
    const [rounded] = roundTrip([site({ siteId: 1, latitude: 12.345678912, longitude: -1.000000049 })]);
    expect(rounded!.latitude).toBe(12.3456789);
    expect(rounded!.longitude).toBe(-1);
  });

  it('keeps dates before 1970 and far ahead, whole seconds, and incidents without a date', () => {
    const sites = [
      site({ siteId: 1, created: '1969-07-20T20:17:40.000Z', lrr: '2099-12-31T23:59:59.000Z', i: { r: '1965-01-01', b: false, s: false, l: false } }),
      site({ siteId: 2, created: '2024-02-29T00:00:00.000Z', lrr: null, i: { r: null, b: true, s: true, l: false } }),
    ];
    expect(roundTrip(sites)).toEqual(sites);
    const [truncated] = roundTrip([site({ siteId: 1, created: '2024-01-01T10:00:00.987Z' })]);
    expect(truncated!.created).toBe('2024-01-01T10:00:00.000Z');
  });

  it('accepts Dates and milliseconds as well as ISO text, with the same bytes', () => {
    const base = site({ siteId: 9, lrr: '2024-05-06T07:08:09.000Z', i: { r: '2024-01-02', b: false, s: true, l: true } });
    const asDates: PackedSiteInput = { ...base, created: new Date(base.created), lrr: new Date(base.lrr!), i: { ...base.i!, r: new Date('2024-01-02T13:00:00Z') } };
    const asNumbers: PackedSiteInput = { ...base, created: Date.parse(base.created), lrr: Date.parse(base.lrr!) };
    expect(encodePackedSites([asDates])).toEqual(encodePackedSites([base]));
    expect(roundTrip([asNumbers])).toEqual([base]);
  });

  it('sorts by site id, keeps gaps, and refuses duplicate or non-positive ids', () => {
    const sites = [site({ siteId: 1_000_000 }), site({ siteId: 3 }), site({ siteId: 2_147_483_647 })];
    expect(roundTrip(sites).map((value) => value.siteId)).toEqual([3, 1_000_000, 2_147_483_647]);
    expect(() => encodePackedSites([site({ siteId: 5 }), site({ siteId: 5 })])).toThrow(/Site id 5 appears twice/);
    expect(() => encodePackedSites([site({ siteId: 0 })])).toThrow(RangeError);
  });

  it('leaves out null scores and refuses values it cannot represent, naming the site', () => {
    const [back] = roundTrip([{ ...site({ siteId: 1 }), s: { '2': 100, '3': null, '1': -1 } }]);
    expect(back!.s).toEqual({ '1': -1, '2': 100 });
    expect(() => encodePackedSites([site({ siteId: 7, s: { '2': 1.5 } })])).toThrow(/Site 7: a score/);
    expect(() => encodePackedSites([site({ siteId: 7, s: { x: 1 } })])).toThrow(/Site 7: methodology id x/);
    expect(() => encodePackedSites([site({ siteId: 7, created: 'yesterday' })])).toThrow(/Site 7: created is not a date/);
    expect(() => encodePackedSites([site({ siteId: 7, latitude: Number.NaN })])).toThrow(/Site 7: latitude/);
    expect(() => encodePackedSites([site({ siteId: 7, ct: 4 })])).toThrow(/Site 7: ct/);
    expect(() => encodePackedSites([site({ siteId: 7, classes: [1.5] })])).toThrow(/Site 7: a class id/);
  });

  it('shares frozen tag lists, class lists and l between sites, and gives each site its own scores', () => {
    const sites = [
      site({ siteId: 1, tags: ['a', 'b'], classes: [1], l: { r: 2024, p: 1, f: 0 }, s: { '2': 5 } }),
      site({ siteId: 2, tags: ['a', 'b'], classes: [1], l: { r: 2024, p: 1, f: 0 }, s: { '2': 6 } }),
    ];
    const [first, second] = roundTrip(sites);
    expect(first!.tags).toBe(second!.tags);
    expect(Object.isFrozen(first!.tags)).toBe(true);
    expect(Object.isFrozen(first!.classes)).toBe(true);
    expect(Object.isFrozen(first!.l)).toBe(true);
    expect(() => (first!.tags as string[]).push('c')).toThrow(TypeError);
    expect(first!.s).not.toBe(second!.s);
  });

  it('encodes from a source that refills two objects: the same bytes as from the array', () => {
    const sites = syntheticSites(500, 4).map((entry, index) => (index % 9 === 0 ? { ...entry, notes: null, street: null, s: { '3': 7, '12': 0 } } : entry));
    // Out of id order, so the encoder orders the source's sites itself.
    const shuffled = [...sites].reverse();
    const scratch: PackedSiteInput[] = [site({ siteId: 1 }), site({ siteId: 1 })];
    let turn = 0;
    let reads = 0;
    const source: PackedSiteSource = {
      length: shuffled.length,
      siteId: (index) => shuffled[index]!.siteId,
      site: (index) => {
        reads += 1;
        turn ^= 1;
        const from = shuffled[index]!;
        return Object.assign(scratch[turn]!, from, { scoreKeys: Object.keys(from.s) });
      },
    };
    const bytes = encodePackedSites(source);
    expect(bytes).toEqual(encodePackedSites(sites));
    expect(reads).toBe(sites.length);
    expect(decodePackedSites(bytes)).toEqual(sites);
  });

  it('writes texts of a shared shape as a template and their numbers, exactly', () => {
    // Shapes a chain repeats: store names with numbers, ids, nine-digit ZIP codes (number tokens
    // past 31 bits), leading zeros, glued and spaced numbers, a number alone.
    const texts = ['Store #0042', 'Store #1042', 'ST-00042-7', 'ST-99999-8', '900141217', '021340000', '7', '0', 'Unit 12B, 3rd floor', 'Unit 9B, 21st floor'];
    const sites = Array.from({ length: 40 }, (_, index) => {
      const value = texts[index % texts.length]!;
      return site({ siteId: index + 1, siteName: value, eid: value, zipCode: value, street: value, notes: index % 3 === 0 ? value : null });
    });
    const bytes = encodePackedSites(sites);
    expect(decodePackedSites(bytes)).toEqual(sites);
    expect(encodePackedSites(decodePackedSites(bytes))).toEqual(bytes);
    // Each text above is used 16 to 20 times: written as a template, a site's five texts take about ten bytes.
    expect(bytes.length / sites.length).toBeLessThan(30);
  });

  it('never templates a text holding the character that marks a number in a template', () => {
    const sites = [1, 2, 3].map((siteId) => site({ siteId, siteName: `a\u0000b ${siteId}`, street: '\u0000', eid: `\u0000${siteId}\u0000` }));
    expect(roundTrip(sites)).toEqual(sites);
  });

  it('writes coordinates in their common step, and exactly when there is none', () => {
    const coarse = [[34.05, -118.26], [34.1, -118.29], [33.96, -118.42], [0, 0]].map(([latitude, longitude], index) => site({ siteId: index + 1, latitude: latitude!, longitude: longitude!, city: 'Los Angeles' }));
    const fine = coarse.map((entry, index) => (index === 1 ? { ...entry, latitude: 34.1000001 } : entry));
    expect(roundTrip(coarse)).toEqual(coarse);
    expect(roundTrip(fine)).toEqual(fine);
    expect(encodePackedSites(coarse).length).toBeLessThan(encodePackedSites(fine).length);
    const zero = [site({ siteId: 1, latitude: 0, longitude: 0 })];
    expect(roundTrip(zero)).toEqual(zero);
  });

  it('round-trips any texts and coordinates, and re-encodes to the same bytes (property)', () => {
    const word = fc.constantFrom('Main', 'St', '#', '-', 'Store', '00', '7', '123', '900141217', 'Café', ' ', '  ', '\u0000', 'B');
    const text = fc.oneof(fc.constant(null), fc.string({ maxLength: 12 }), fc.array(word, { maxLength: 8 }).map((parts) => parts.join('')));
    const degrees = fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((value) => value / 1e7);
    const arbitrarySite = fc.record({ siteName: fc.string({ maxLength: 10 }), street: text, zipCode: text, eid: text, notes: text, latitude: degrees, longitude: degrees, city: fc.constantFrom(null, 'A', 'B') });
    fc.assert(
      fc.property(fc.array(arbitrarySite, { maxLength: 30 }), (fields) => {
        const sites = fields.map((values, index) => site({ siteId: index + 1, ...values }));
        const bytes = encodePackedSites(sites);
        const back = decodePackedSites(bytes);
        expect(back).toEqual(sites.map((entry) => ({ ...entry, latitude: entry.latitude, longitude: entry.longitude })));
        expect(encodePackedSites(back)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses bytes that are not a packed list or are cut short', () => {
    const bytes = encodePackedSites(syntheticSites(50, 3));
    expect(() => decodePackedSites(new TextEncoder().encode('[{"siteId":1}]'))).toThrow(/RAS2 signature/);
    expect(() => decodePackedSites(bytes.subarray(0, bytes.length - 3))).toThrow(/corrupt/);
    expect(() => decodePackedSites(bytes.subarray(0, 20))).toThrow(/corrupt/);
    expect(() => decodePackedSites(Uint8Array.of(0x52, 0x41, 0x53, 0x02, 0xff, 0xff, 0xff, 0x7f, 0))).toThrow(/count is larger/);
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(() => decodePackedSites(longer)).toThrow(/bytes are left/);
  });
});

describe('packed site list size and speed (100,000 realistic synthetic sites)', () => {
  const sites = syntheticSites(100_000, 1);
  const bytes = encodePackedSites(sites);

  it('round-trips all 100,000 sites', () => {
    expect(decodePackedSites(bytes)).toEqual(sites);
  });

  it('takes at most 50 bytes a site before compression', () => {
    const perSite = bytes.length / sites.length;
    const jsonPerSite = new TextEncoder().encode(JSON.stringify(sites)).length / sites.length;
    console.info(`packed sites: ${perSite.toFixed(2)} bytes/site (JSON ${jsonPerSite.toFixed(0)} bytes/site)`);
    expect(perSite).toBeLessThanOrEqual(50);
  });

  it('encodes and decodes 100,000 sites quickly (figures printed)', () => {
    const best = (run: () => unknown): number => {
      let fastest = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 3; round += 1) {
        const start = performance.now();
        run();
        fastest = Math.min(fastest, performance.now() - start);
      }
      return fastest;
    };
    const encodeMs = best(() => encodePackedSites(sites));
    const decodeMs = best(() => decodePackedSites(bytes));
    const json = JSON.stringify(sites);
    const parseMs = best(() => JSON.parse(json));
    console.info(`packed sites, 100k: encode ${encodeMs.toFixed(0)} ms, decode ${decodeMs.toFixed(0)} ms (JSON.parse of the same list ${parseMs.toFixed(0)} ms)`);
    // Generous bounds: shared CI machines are slow; these catch an accidental quadratic path.
    expect(decodeMs).toBeLessThan(2500);
    expect(encodeMs).toBeLessThan(2500);
    // Nine full passes over 100,000 sites: more than vitest's 5 s default when other work shares the machine.
  }, 30_000);
});

describe('dictionary order (rankByUse)', () => {
  it('puts the most used first, ties in id order, and leaves out what is used too little', () => {
    const { ids, rank } = rankByUse([3, 1, 5, 3, 0, 5], 2);
    expect(ids).toEqual([2, 5, 0, 3]);
    expect([...rank]).toEqual([2, -1, 0, 3, -1, 1]);
  });

  it('orders counts too large to fold into one number the same way', () => {
    const huge = 2 ** 52;
    expect(rankByUse([huge, 1, huge + 2, huge, 3], 1).ids).toEqual([2, 0, 3, 4, 1]);
  });

  it('leaves out the ids the filter refuses', () => {
    expect(rankByUse([4, 4, 4], 1, (id) => id !== 1).ids).toEqual([0, 2]);
  });
});
