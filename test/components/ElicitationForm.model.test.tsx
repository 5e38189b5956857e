/**
 * Pure modules behind ElicitationForm: schema → field model, validation, typed content, dates,
 * URL assessment and the secret heuristic. No DOM needed.
 */
import { describe, expect, it } from 'vitest';
import { isDate, isRfc3339DateTime, localInputToRfc3339, rfc3339ToLocalInput } from '../../src/components/ElicitationForm/date-time.js';
import { buildField, buildFormModel, type FieldModel } from '../../src/components/ElicitationForm/schema.js';
import { looksLikeSecret } from '../../src/components/ElicitationForm/secrets.js';
import { assessUrl } from '../../src/components/ElicitationForm/url.js';
import { compilePattern, validateField, validateForm } from '../../src/components/ElicitationForm/validate.js';
import { initialValues, toContent } from '../../src/components/ElicitationForm/values.js';

const field = (schema: Record<string, unknown>, required = false): FieldModel => buildField('f', schema, required);
const code = (f: FieldModel, value: Parameters<typeof validateField>[1]) => validateField(f, value)?.code ?? null;

describe('buildFormModel', () => {
  it('keeps title, description, property order and required flags', () => {
    const model = buildFormModel({
      type: 'object',
      title: 'Deploy',
      description: 'Where to deploy',
      properties: { b: { type: 'string' }, a: { type: 'boolean', title: 'Confirm' } },
      required: ['a'],
    });
    expect(model.title).toBe('Deploy');
    expect(model.description).toBe('Where to deploy');
    expect(model.fields.map((f) => [f.name, f.kind, f.label, f.required])).toEqual([
      ['b', 'text', 'b', false],
      ['a', 'boolean', 'Confirm', true],
    ]);
  });

  it('treats missing or null properties and required as empty', () => {
    expect(buildFormModel({ required: null }).fields).toEqual([]);
    expect(buildFormModel(null).fields).toEqual([]);
  });

  it('maps string formats and ignores unknown ones', () => {
    for (const format of ['email', 'uri', 'date', 'date-time']) {
      expect(field({ type: 'string', format })).toMatchObject({ kind: 'text', format });
    }
    expect(field({ type: 'string', format: 'hostname' })).toMatchObject({ kind: 'text', format: null });
  });

  it('maps enum to an untitled select and oneOf to a titled one', () => {
    expect(field({ type: 'string', enum: ['a', 'b'], default: 'b' })).toMatchObject({
      kind: 'select',
      titled: false,
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
      ],
      default: 'b',
    });
    expect(field({ type: 'string', oneOf: [{ const: 'eu', title: 'Europe', description: 'Frankfurt' }] })).toMatchObject({
      kind: 'select',
      titled: true,
      options: [{ value: 'eu', label: 'Europe', description: 'Frankfurt' }],
    });
  });

  it('drops a select default that is not one of the options', () => {
    expect(field({ type: 'string', enum: ['a'], default: 'z' })).toMatchObject({ default: null });
  });

  it('maps number and integer with bounds', () => {
    expect(field({ type: 'number', minimum: 0.5, maximum: 2 })).toMatchObject({ kind: 'number', integer: false, minimum: 0.5, maximum: 2 });
    expect(field({ type: 'integer', default: 3 })).toMatchObject({ kind: 'number', integer: true, default: 3 });
  });

  it('maps array with items.enum and items.anyOf to multi-selects', () => {
    expect(field({ type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1, maxItems: 2, default: ['y', 'nope'] })).toMatchObject({
      kind: 'multiselect',
      titled: false,
      minItems: 1,
      maxItems: 2,
      default: ['y'],
    });
    expect(field({ type: 'array', items: { anyOf: [{ const: 'r', title: 'Red' }] } })).toMatchObject({
      kind: 'multiselect',
      titled: true,
      options: [{ value: 'r', label: 'Red', description: null }],
    });
  });

  it('never turns an unknown type into a known control', () => {
    expect(field({ type: '_color' })).toMatchObject({ kind: 'unsupported', type: '_color' });
    expect(field({ type: 'object', properties: {} })).toMatchObject({ kind: 'unsupported', type: 'object' });
    expect(field({})).toMatchObject({ kind: 'unsupported', type: 'unknown' });
    expect(field({ type: 'array', items: { type: 'number', enum: [1, 2] } })).toMatchObject({ kind: 'unsupported', type: 'array of number' });
    expect(field({ type: 'array' })).toMatchObject({ kind: 'unsupported' });
    const raw = { type: '_x', extra: 1 };
    expect(field(raw)).toMatchObject({ raw });
  });
});

describe('initialValues and toContent', () => {
  const model = buildFormModel({
    properties: {
      name: { type: 'string', default: 'Ada' },
      count: { type: 'integer', default: 2 },
      ratio: { type: 'number' },
      ok: { type: 'boolean', default: true },
      off: { type: 'boolean' },
      region: {
        type: 'string',
        oneOf: [
          { const: 'eu', title: 'Europe' },
          { const: 'us', title: 'US' },
        ],
        default: 'us',
      },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, default: ['c'] },
      color: { type: '_color', default: 'red' },
    },
  });

  it('prefills defaults', () => {
    expect(initialValues(model.fields)).toEqual({
      name: 'Ada',
      count: '2',
      ratio: '',
      ok: true,
      off: false,
      region: 'us',
      tags: ['c'],
    });
  });

  it('types the content and leaves out empty fields and unsupported ones', () => {
    const values = { ...initialValues(model.fields), ratio: '0.25', tags: ['c', 'a'] };
    expect(toContent(model.fields, values)).toEqual({
      name: 'Ada',
      count: 2,
      ratio: 0.25,
      ok: true,
      off: false,
      region: 'us',
      tags: ['a', 'c'],
    });
    expect(toContent(model.fields, { ...values, name: '', ratio: '  ', tags: [] })).toEqual({
      count: 2,
      ok: true,
      off: false,
      region: 'us',
    });
  });

  it('sends date-time as RFC 3339 with the local offset', () => {
    const fields = buildFormModel({ properties: { at: { type: 'string', format: 'date-time' } } }).fields;
    const content = toContent(fields, { at: '2026-03-04T05:06' });
    expect(isRfc3339DateTime(content.at as string)).toBe(true);
    expect(new Date(content.at as string).getTime()).toBe(new Date(2026, 2, 4, 5, 6).getTime());
  });
});

describe('validateField: required', () => {
  it('flags empty required fields of each kind', () => {
    expect(code(field({ type: 'string' }, true), '')).toBe('required');
    expect(code(field({ type: 'string' }, true), '   ')).toBe('required');
    expect(code(field({ type: 'number' }, true), '')).toBe('required');
    expect(code(field({ type: 'string', enum: ['a'] }, true), '')).toBe('required');
    expect(code(field({ type: 'array', items: { type: 'string', enum: ['a'] } }, true), [])).toBe('required');
    expect(code(field({ type: 'string' }, true), 'x')).toBeNull();
  });

  it('accepts empty optional fields', () => {
    expect(code(field({ type: 'string', minLength: 3, format: 'email' }), '')).toBeNull();
    expect(code(field({ type: 'integer', minimum: 5 }), '')).toBeNull();
  });

  it('accepts false for a required boolean', () => {
    expect(code(field({ type: 'boolean' }, true), false)).toBeNull();
  });

  it('makes a required unsupported field impossible, an optional one harmless', () => {
    expect(code(field({ type: '_x' }, true), undefined)).toBe('unsupported');
    expect(code(field({ type: '_x' }), undefined)).toBeNull();
  });
});

describe('validateField: strings', () => {
  it('counts minLength and maxLength in code points', () => {
    const f = field({ type: 'string', minLength: 2, maxLength: 3 });
    expect(code(f, 'a')).toBe('min_length');
    expect(code(f, 'ab')).toBeNull();
    expect(code(f, 'abc')).toBeNull();
    expect(code(f, 'abcd')).toBe('max_length');
    // Three emoji are six UTF-16 units but three code points.
    expect(code(f, '😀😀😀')).toBeNull();
    expect(code(field({ type: 'string', minLength: 2 }), '😀')).toBe('min_length');
    expect(validateField(f, 'abcd')?.params).toEqual({ limit: 3 });
  });

  it('applies pattern unanchored, as JSON Schema does', () => {
    const f = field({ type: 'string', pattern: '^[a-z]+-\\d+$' });
    expect(code(f, 'abc-12')).toBeNull();
    expect(code(f, 'ABC-12')).toBe('pattern');
    expect(code(field({ type: 'string', pattern: '\\d' }), 'a1b')).toBeNull();
  });

  it('skips an invalid pattern instead of throwing or blocking', () => {
    expect(compilePattern('([a-z')).toBeNull();
    expect(code(field({ type: 'string', pattern: '([a-z' }), 'anything')).toBeNull();
    // Valid only without the u flag: still used.
    expect(compilePattern('\\-')).not.toBeNull();
    expect(code(field({ type: 'string', pattern: '^a\\-b$' }), 'a-c')).toBe('pattern');
  });

  it('validates email', () => {
    const f = field({ type: 'string', format: 'email' });
    expect(code(f, 'ada@example.com')).toBeNull();
    expect(code(f, 'ada@example')).toBe('email');
    expect(code(f, 'ada example.com')).toBe('email');
    expect(code(f, 'a@b@c.com')).toBe('email');
  });

  it('validates uri as an absolute URI', () => {
    const f = field({ type: 'string', format: 'uri' });
    expect(code(f, 'https://example.com/a?b=c')).toBeNull();
    expect(code(f, 'urn:isbn:0451450523')).toBeNull();
    expect(code(f, 'example.com')).toBe('uri');
    expect(code(f, 'https://exa mple.com')).toBe('uri');
  });

  it('validates date as a real calendar day', () => {
    const f = field({ type: 'string', format: 'date' });
    expect(code(f, '2024-02-29')).toBeNull();
    expect(code(f, '2023-02-29')).toBe('date');
    expect(code(f, '2024-13-01')).toBe('date');
    expect(code(f, '24-01-01')).toBe('date');
  });

  it('validates date-time input', () => {
    const f = field({ type: 'string', format: 'date-time' });
    expect(code(f, '2026-01-02T03:04')).toBeNull();
    expect(code(f, '2026-01-02T03:04:05')).toBeNull();
    expect(code(f, '2026-02-30T03:04')).toBe('date_time');
    expect(code(f, '2026-01-02 03:04')).toBe('date_time');
  });
});

describe('validateField: numbers', () => {
  it('checks number format and inclusive bounds', () => {
    const f = field({ type: 'number', minimum: 0, maximum: 1 });
    expect(code(f, '0')).toBeNull();
    expect(code(f, '1')).toBeNull();
    expect(code(f, '0.5')).toBeNull();
    expect(code(f, '-0.1')).toBe('minimum');
    expect(code(f, '1.01')).toBe('maximum');
    expect(code(f, 'abc')).toBe('number');
    expect(code(f, '0x1')).toBe('number');
    expect(validateField(f, '2')?.params).toEqual({ limit: 1 });
  });

  it('checks integers', () => {
    const f = field({ type: 'integer', minimum: 1, maximum: 10 });
    expect(code(f, '10')).toBeNull();
    expect(code(f, '1e1')).toBeNull();
    expect(code(f, '2.5')).toBe('integer');
    expect(code(f, '0')).toBe('minimum');
    expect(code(f, '11')).toBe('maximum');
  });

  it('reports text the browser could not parse', () => {
    const f = field({ type: 'number' });
    expect(validateField(f, '', { badInput: new Set(['f']) })?.code).toBe('number');
  });
});

describe('validateField: selections', () => {
  it('checks enum and oneOf membership', () => {
    expect(code(field({ type: 'string', enum: ['a', 'b'] }), 'a')).toBeNull();
    expect(code(field({ type: 'string', enum: ['a', 'b'] }), 'c')).toBe('option');
    expect(code(field({ type: 'string', oneOf: [{ const: 'x', title: 'X' }] }), 'X')).toBe('option');
  });

  it('checks minItems, maxItems and membership of multi-selects', () => {
    const f = field({ type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2, maxItems: 2 });
    expect(code(f, ['a'])).toBe('min_items');
    expect(code(f, ['a', 'b'])).toBeNull();
    expect(code(f, ['a', 'b', 'c'])).toBe('max_items');
    expect(code(f, ['a', 'z'])).toBe('option');
  });
});

describe('validateForm', () => {
  it('returns errors keyed by field name', () => {
    const { fields } = buildFormModel({
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
    });
    expect(Object.keys(validateForm(fields, { a: '', b: '1.5' }))).toEqual(['a', 'b']);
    expect(validateForm(fields, { a: 'x', b: '1' })).toEqual({});
  });
});

describe('dates', () => {
  it('recognises RFC 3339 date-times', () => {
    expect(isRfc3339DateTime('2026-01-02T03:04:05Z')).toBe(true);
    expect(isRfc3339DateTime('2026-01-02t03:04:05.123+05:30')).toBe(true);
    expect(isRfc3339DateTime('2026-01-02T03:04Z')).toBe(false);
    expect(isRfc3339DateTime('2026-01-02T03:04:05')).toBe(false);
    expect(isRfc3339DateTime('2026-01-02T24:00:00Z')).toBe(false);
  });

  it('converts datetime-local values to RFC 3339 and back', () => {
    const sent = localInputToRfc3339('2026-07-15T18:30');
    expect(sent).toMatch(/^2026-07-15T18:30:00[+-]\d{2}:\d{2}$/);
    expect(rfc3339ToLocalInput(sent!)).toBe('2026-07-15T18:30');
    expect(localInputToRfc3339('nonsense')).toBeNull();
    expect(rfc3339ToLocalInput('not a date')).toBe('');
    expect(isDate('2026-07-15')).toBe(true);
  });
});

describe('assessUrl', () => {
  it('allows https and highlights the host', () => {
    const a = assessUrl('https://login.example.com/oauth?x=1');
    expect(a).toMatchObject({ canOpen: true, refusal: null, host: 'login.example.com', warnings: [] });
    expect(a.href.slice(...a.hostRange!)).toBe('login.example.com');
  });

  it('refuses http to a remote host but allows loopback', () => {
    expect(assessUrl('http://example.com/')).toMatchObject({ canOpen: false, refusal: 'insecure', warnings: ['insecure'] });
    for (const url of ['http://127.0.0.1:8080/cb', 'http://localhost:3000/', 'http://[::1]/x']) {
      expect(assessUrl(url)).toMatchObject({ canOpen: true, refusal: null });
    }
  });

  it('refuses other schemes and garbage', () => {
    expect(assessUrl('javascript:alert(1)')).toMatchObject({ canOpen: false, refusal: 'scheme' });
    expect(assessUrl('data:text/html,hi')).toMatchObject({ canOpen: false, refusal: 'scheme' });
    expect(assessUrl('file:///etc/passwd')).toMatchObject({ canOpen: false, refusal: 'scheme' });
    expect(assessUrl('not a url')).toMatchObject({ canOpen: false, refusal: 'invalid' });
  });

  it('warns about punycode, including look-alike Unicode hosts', () => {
    expect(assessUrl('https://xn--pple-43d.com/').warnings).toContain('punycode');
    // Cyrillic "а" in place of the Latin one.
    expect(assessUrl('https://ex\u0430mple.com/').warnings).toContain('punycode');
  });

  it('warns about credentials before the host and still locates the host', () => {
    const a = assessUrl('https://example.com@evil.test/');
    expect(a.warnings).toContain('credentials');
    expect(a.host).toBe('evil.test');
    expect(a.href.slice(...a.hostRange!)).toBe('evil.test');
  });
});

describe('looksLikeSecret', () => {
  it('catches password, key and token requests in names and titles', () => {
    for (const text of ['password', 'userPassword', 'API key', 'api_key', 'apiKey', 'Secret', 'authToken', 'access token', 'PIN']) {
      expect(looksLikeSecret(text)).toBe(true);
    }
  });

  it('leaves ordinary fields alone', () => {
    for (const text of ['name', 'email', 'max_tokens', 'spinner', 'Project path', 'keyboard layout']) {
      expect(looksLikeSecret(text)).toBe(false);
    }
  });
});
