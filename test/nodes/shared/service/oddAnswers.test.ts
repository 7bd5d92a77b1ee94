/**
 * Every reader of the service's answers, on any JSON at all. The spec leaves many shapes "not
 * shown", so a reader may meet anything after the service has acted: none may throw, and what
 * they return must be plain data that n8n can store.
 */
import fc from 'fast-check';

import { cardView } from '../../../../nodes/Pay/actions/card/cardView';
import {
	checkoutOutput,
	findRedirectUrl,
	readCheckoutAnswer,
} from '../../../../nodes/Pay/actions/checkout/checkoutSubmission';
import { readBankCatalog } from '../../../../nodes/Pay/helpers/banks';
import { readListPage } from '../../../../nodes/shared/service/listAnswer';
import { answerFields, toNumber } from '../../../../nodes/shared/service/normalize';
import { normalizePaymentObject } from '../../../../nodes/shared/service/paymentObject';
import { paymentStateLabel, withdrawalStateLabel } from '../../../../nodes/shared/service/states';
import { decodeBody } from '../../../../nodes/shared/transport/wire/decodeBody';

/** Names the readers look for, and names that Object.prototype already has, drawn often. */
const fieldName = fc.oneof(
	fc.constantFrom(
		'__proto__',
		'constructor',
		'toString',
		'valueOf',
		'url',
		'state',
		'amount',
		'fields',
		'bankCode',
		'bankName',
		'card_uuid',
		'iai_card',
		'data',
		'bank_url',
	),
	fc.string(),
);

/**
 * JSON text, built by hand so that a "__proto__" field reaches JSON.parse as the service would send
 * it.
 */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small' },
		fc
			.oneof(
				fc.string(),
				fc.double({ noNaN: true, noDefaultInfinity: true }),
				fc.integer(),
				fc.boolean(),
				fc.constant(null),
			)
			.map((value) => JSON.stringify(value)),
		fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
		fc
			.array(fc.tuple(fieldName, tie('value')), { maxLength: 6 })
			.map(
				(fields) =>
					`{${fields.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`,
			),
	),
})).value;

/** What n8n stores must survive JSON, and an object must be an ordinary one. */
function expectPlainData(value: unknown): void {
	expect(() => JSON.stringify(value)).not.toThrow();
	if (typeof value === 'object' && value !== null && !Array.isArray(value))
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
}

describe("readers of the service's answers, on any JSON", () => {
	it('decode any body, as text, encoded twice, as bytes or already parsed', () => {
		fc.assert(
			fc.property(jsonText, (text) => {
				for (const body of [text, JSON.stringify(text), Buffer.from(text), JSON.parse(text)]) {
					const decoded = decodeBody(body);
					if (decoded.readable) expectPlainData(decoded.value);
					else expect(typeof decoded.text).toBe('string');
				}
			}),
		);
	});

	it('skips a bank whose code is not a text or a number (found by the property below)', () => {
		const catalog = JSON.parse(
			'[{"bankCode":{"toString":false}},{"bankCode":[]},{"bankCode":" 1007 ","bankName":"BANCOLOMBIA"}]',
		);
		expect(readBankCatalog(catalog).map((bank) => [bank.code, bank.name])).toEqual([
			['1007', 'BANCOLOMBIA'],
		]);
	});

	it('read payment objects, checkout answers, banks, cards, states and answers as fields without throwing', () => {
		fc.assert(
			fc.property(jsonText, (text) => {
				const answer: unknown = JSON.parse(text);
				expectPlainData(normalizePaymentObject(answer, 'https://pay.example/c/'));
				const checkout = readCheckoutAnswer(answer, 'https://pay.example/c/');
				expectPlainData(
					checkoutOutput('abc123', 'pse', checkout, {
						redirect_url: findRedirectUrl(checkout.order) ?? null,
					}),
				);
				for (const bank of readBankCatalog(answer)) {
					expect(typeof bank.code).toBe('string');
					expect(typeof bank.name).toBe('string');
				}
				expectPlainData(cardView(answer));
				const page = readListPage(answer);
				if (page) expect(Array.isArray(page.entries)).toBe(true);
				const fields = answerFields(answer);
				expectPlainData(fields);
				if (answer !== null && (typeof answer !== 'object' || Array.isArray(answer)))
					expect(fields).toEqual({ response: answer });
				expect(typeof paymentStateLabel(answer)).toBe('string');
				expect(typeof withdrawalStateLabel(answer)).toBe('string');
				const number = toNumber(answer);
				expect(number === undefined || Number.isFinite(number)).toBe(true);
			}),
		);
	});
});
