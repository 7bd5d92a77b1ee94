import fc from 'fast-check';

import {
	readRequiredText,
	readText,
	readWholeNumber,
	readYesNo,
	shownValue,
} from '../../../../nodes/Pay/helpers/fieldInput';
import { payNode } from '../../../harness/payNode';

const node = payNode();

/**
 * What a mapping can give that is not text: objects, lists and yes/no, with a marker inside that
 * must never be shown.
 */
const notText = fc.oneof(
	fc.dictionary(fc.string(), fc.constant('MARKER-inside-the-value')),
	fc.array(fc.constant('MARKER-inside-the-value')),
	fc.boolean(),
	fc.constantFrom(NaN, Infinity, -Infinity),
);

function failure(read: () => unknown): { message: string; field: unknown; outcome: unknown } {
	try {
		read();
	} catch (error) {
		const { message, context } = error as {
			message: string;
			context: { field: unknown; outcome: unknown };
		};
		return { message, field: context.field, outcome: context.outcome };
	}
	throw new Error('expected the value to be refused');
}

describe('text fields', () => {
	it('take any text, trimmed, and numbers as their text (a phone from a spreadsheet)', () => {
		fc.assert(
			fc.property(fc.string(), (text) => {
				expect(readText(node, 0, 'Recipient', text)).toBe(text.trim());
			}),
		);
		expect(readText(node, 0, 'Recipient', 3109876543)).toBe('3109876543');
		expect(readText(node, 0, 'Recipient', null)).toBe('');
		expect(readText(node, 0, 'Recipient', undefined)).toBe('');
	});

	it('refuse an object, a list or a yes/no, naming the field and never showing what was inside, so "[object Object]" is never sent', () => {
		fc.assert(
			fc.property(notText, (raw) => {
				const refused = failure(() => readText(node, 0, 'Recipient', raw));
				expect(refused.message).toMatch(/^Recipient: must be text, got /);
				expect(refused).toMatchObject({ field: 'Recipient', outcome: 'not_sent' });
				expect(refused.message).not.toContain('MARKER');
				expect(refused.message).not.toContain('[object');
			}),
		);
	});

	it('refuse an empty required field with the hint given', () => {
		expect(
			failure(() => readRequiredText(node, 0, 'Recipient', '  ', 'give a username')).message,
		).toBe('Recipient: is empty; give a username');
		expect(failure(() => readRequiredText(node, 0, 'Card UUID', null)).message).toBe(
			'Card UUID: is empty',
		);
	});
});

describe('whole-number fields', () => {
	it('take every whole number in range, typed or as text', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 36 }), (value) => {
				expect(readWholeNumber(node, 0, 'Instalments', value, 1, 36)).toBe(value);
				expect(readWholeNumber(node, 0, 'Instalments', ` ${value} `, 1, 36)).toBe(value);
			}),
		);
	});

	it('refuse fractions, numbers out of range and anything not a number, showing what was given rather than what it parsed to', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.integer({ max: 0 }),
					fc.integer({ min: 37 }),
					fc.double({ noInteger: true, noNaN: true }),
					fc.string().filter((text) => !/^\s*-?\d+(\.\d+)?\s*$/.test(text)),
					notText,
				),
				(raw) => {
					const refused = failure(() => readWholeNumber(node, 0, 'Instalments', raw, 1, 36));
					expect(refused.message).toMatch(
						/^Instalments: must be a whole number from 1 to 36, got /,
					);
					expect(refused.message.endsWith(`got ${shownValue(raw)}`)).toBe(true);
					expect(refused.field).toBe('Instalments');
				},
			),
		);
		expect(failure(() => readWholeNumber(node, 0, 'Expiration (Days)', 'abc', 1)).message).toBe(
			'Expiration (Days): must be a whole number 1 or more, got "abc"',
		);
	});
});

describe('yes/no fields', () => {
	it('take true and false, as values or as text, and refuse anything else naming the field', () => {
		expect(
			[true, false, 'true', ' FALSE '].map((raw) => readYesNo(node, 0, 'Send No Email', raw)),
		).toEqual([true, false, true, false]);
		for (const raw of ['yes', 1, {}, null]) {
			expect(failure(() => readYesNo(node, 0, 'Send No Email', raw)).message).toMatch(
				/^Send No Email: must be true or false, got /,
			);
		}
	});
});

describe('values shown in messages', () => {
	it('are cut short, so a pasted document does not flood the execution log', () => {
		fc.assert(
			fc.property(fc.string({ minLength: 100, maxLength: 5000 }), (text) => {
				expect(shownValue(text).length).toBeLessThanOrEqual(61);
				expect(shownValue(text).endsWith('…')).toBe(true);
			}),
		);
		expect(shownValue('abc')).toBe('"abc"');
		expect(shownValue(12.5)).toBe('12.5');
		expect(shownValue('')).toBe('nothing');
	});
});
