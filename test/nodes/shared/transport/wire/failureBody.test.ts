/**
 * The live service's failure bodies read into its own words, and the 2xx answers that are failures.
 */
import {
	isFailureBody,
	readFailureBody,
} from '../../../../../nodes/shared/transport/wire/failureBody';
import { httpFailure } from '../../../../../nodes/shared/transport/wire/failure';

describe('failure bodies', () => {
	it.each([
		[{ error: 'No se pudo crear el pago' }, { detail: 'No se pudo crear el pago' }],
		[
			{ amount: ['Ensure this value is greater than 0.'], cc: ['Required.', 'Digits only.'] },
			{ detail: 'amount: Ensure this value is greater than 0.; cc: Required. Digits only.' },
		],
		[
			{ result: 'PAY_IS_PAYED' },
			{ detail: 'The payment object is already paid (PAY_IS_PAYED)', code: 'PAY_IS_PAYED' },
		],
		[
			{ result: 'same_user' },
			{ detail: 'The recipient is this same account (same_user)', code: 'same_user' },
		],
		[
			{ result: 'LIMIT_LENGTH_CC' },
			{
				detail: "The payer's document number is too long (LIMIT_LENGTH_CC)",
				code: 'LIMIT_LENGTH_CC',
			},
		],
		[
			{ result: 'SOMETHING_FAILED' },
			{ detail: 'The service refused the request: SOMETHING_FAILED', code: 'SOMETHING_FAILED' },
		],
		[{ error: true, msg: 'unknown payment method' }, { detail: 'unknown payment method' }],
		[{ error: 'ALL_USED' }, { detail: 'It has been used up (ALL_USED)', code: 'ALL_USED' }],
		[
			{ error: 'No se pudo', detail: 'Saldo insuficiente' },
			{ detail: 'Saldo insuficiente', error: 'No se pudo' },
		],
	])('reads %j', (body, words) => {
		expect(readFailureBody(body)).toEqual(words);
		expect(isFailureBody(body)).toBe(true);
	});

	it.each([
		[{ result: 'OK' }],
		[{ result: 'PENDING' }],
		[{ message: 'OK', card_id: 'c-1' }],
		[{ result: 'OK', error: '' }],
		[{ resultado: 'ok', error: null }],
		[{ url: 'abc', error: 'warning kept as service_error' }],
		[{ data: [] }],
		[{}],
		[[{ error: 'x' }]],
		['OK'],
	])('takes %j with a 2xx for a success', (body) => {
		expect(isFailureBody(body)).toBe(false);
	});

	it('reads a result code of no known meaning in a 4xx, which is a failure by its status', () => {
		expect(httpFailure(404, { result: 'PENDING' }, {})).toMatchObject({
			kind: 'http',
			status: 404,
			detail: 'The service refused the request: PENDING',
			code: 'PENDING',
		});
	});

	it('quotes an object of no known shape instead of calling the body empty', () => {
		expect(httpFailure(404, { mensaje: 'no existe' }, {})).toMatchObject({
			kind: 'http',
			status: 404,
			bodyExcerpt: '{"mensaje":"no existe"}',
		});
	});
});
