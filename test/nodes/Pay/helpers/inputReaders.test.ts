/**
 * Every reader of a field either returns a value or refuses it with an error that names the field
 * and says nothing was sent, whatever it is given: never a bare TypeError that names nothing.
 */
import fc from 'fast-check';

import { readPositiveAmount, readWholeAmount } from '../../../../nodes/Pay/helpers/amount';
import { readCardNumber, readCvv, readExpiry } from '../../../../nodes/Pay/helpers/cardInput';
import {
	readRequiredText,
	readText,
	readTextList,
	readWholeNumber,
	readYesNo,
} from '../../../../nodes/Pay/helpers/fieldInput';
import { readInstantPaymentKey } from '../../../../nodes/Pay/helpers/instantPaymentKey';
import { readJsonObject } from '../../../../nodes/Pay/helpers/jsonFields';
import { readSlug } from '../../../../nodes/Pay/helpers/slug';
import { readUrlField } from '../../../../nodes/Pay/helpers/urlField';
import { readVerificationCode } from '../../../../nodes/Pay/helpers/verificationCode';
import { payNode } from '../../../harness/payNode';

const node = payNode();

const READERS: Array<[string, (raw: unknown) => unknown]> = [
	['Payment Slug', (raw) => readSlug(node, 0, raw)],
	['Amount (COP)', (raw) => readPositiveAmount(node, 0, 'Amount (COP)', raw)],
	['Whole Amount', (raw) => readWholeAmount(node, 0, 'Whole Amount', raw)],
	['Callback URL', (raw) => readUrlField(node, 0, 'Callback URL', raw)],
	['Card Number', (raw) => readCardNumber(node, 0, raw)],
	['Expiry (MM/YY)', (raw) => readExpiry(node, 0, raw)],
	['CVV', (raw) => readCvv(node, 0, raw)],
	['Key', (raw) => readInstantPaymentKey(node, 0, 'Key', raw)],
	['Additional Fields (JSON)', (raw) => readJsonObject(node, 0, 'Additional Fields (JSON)', raw)],
	['Code', (raw) => readVerificationCode(node, 0, 'Code', raw)],
	['Recipient', (raw) => readText(node, 0, 'Recipient', raw)],
	['Description', (raw) => readRequiredText(node, 0, 'Description', raw)],
	['Other Method Keys', (raw) => readTextList(node, 0, 'Other Method Keys', raw)],
	['Limit', (raw) => readWholeNumber(node, 0, 'Limit', raw, 1)],
	['Return All', (raw) => readYesNo(node, 0, 'Return All', raw)],
];

/** Anything JSON or a mapping can hold, and texts that look like links, dates, numbers or JSON. */
const anyValue = fc.oneof(
	fc.anything({ withObjectString: true, withNullPrototype: true }),
	fc.string().map((rest) => `http://${rest}`),
	fc.string().map((rest) => `https://${rest}`),
	fc.constantFrom(
		'http://',
		'https://',
		'http://[::1',
		'12/',
		'1e3',
		'{"a":',
		'[1,2]',
		'0x10',
		' - ',
		'٣',
	),
);

it.each(READERS)('%s: anything given is read or refused naming the field', (field, read) => {
	fc.assert(
		fc.property(anyValue, (raw) => {
			try {
				read(raw);
			} catch (error) {
				const { message, context } = error as {
					message: string;
					context?: { field?: unknown; outcome?: unknown };
				};
				expect({ field: context?.field, outcome: context?.outcome }).toEqual({
					field,
					outcome: 'not_sent',
				});
				expect(message.startsWith(`${field}: `)).toBe(true);
			}
		}),
		{ numRuns: 500 },
	);
});
