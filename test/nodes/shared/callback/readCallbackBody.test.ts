/**
 * The Pay Trigger's reading of a callback body, on its own: the webhook is reachable from the
 * internet, so whatever arrives must end as an event or as a clear problem, never as a crash.
 */
import fc from 'fast-check';

import { parseCallback } from '../../../../nodes/shared/callback/callbackEvent';
import {
	MAX_BODY_CHARACTERS,
	readCallbackBody,
} from '../../../../nodes/shared/callback/readCallbackBody';

const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', ''];

const PAYMENT_CALLBACK = {
	url: 'abc123',
	state: '3',
	amount: '50000.00',
	payed: 'true',
	payer_name: 'Ana',
};

describe('callback body', () => {
	it('reads the same payment event from JSON, JSON encoded twice, a form, and a body n8n parsed', () => {
		const json = JSON.stringify(PAYMENT_CALLBACK);
		const readings = [
			readCallbackBody(undefined, json, 'application/json'),
			readCallbackBody(undefined, JSON.stringify(json), 'text/plain'),
			readCallbackBody(
				undefined,
				new URLSearchParams(PAYMENT_CALLBACK).toString(),
				'application/x-www-form-urlencoded',
			),
			readCallbackBody(PAYMENT_CALLBACK, Buffer.from(json), 'application/json'),
		];
		for (const reading of readings) {
			if (!reading.ok) throw new Error(reading.problem);
			const parsed = parseCallback(reading.body);
			if (!parsed.ok) throw new Error(parsed.problem);
			expect(parsed.event).toMatchObject({ kind: 'payment', id: 'abc123', state: 3 });
			expect(parsed.event.json).toMatchObject({
				event: 'payment.paid',
				amount: 50000,
				paid: true,
				payer: { name: 'Ana' },
			});
		}
	});

	it('refuses an empty, oversized or non-object body with a problem that says which', () => {
		expect(readCallbackBody(undefined, '', 'application/json')).toEqual({
			ok: false,
			problem: 'The body is empty',
		});
		expect(
			readCallbackBody(undefined, 'x'.repeat(MAX_BODY_CHARACTERS + 1), 'text/plain'),
		).toMatchObject({ ok: false, problem: expect.stringContaining('larger') });
		expect(readCallbackBody(undefined, '[1,2]', 'application/json')).toMatchObject({
			ok: false,
			problem: expect.stringContaining('neither'),
		});
		expect(parseCallback({ hello: 'world' })).toMatchObject({
			ok: false,
			problem: expect.stringContaining('"url"'),
		});
	});

	it('ends anything that arrives as an event or a problem, never a crash', () => {
		// Bodies shaped like callbacks, with fields of any type, so that the event side is reached too.
		const anyField = fc.oneof(
			fc.string(),
			fc.integer(),
			fc.double(),
			fc.boolean(),
			fc.constant(null),
			fc.jsonValue(),
		);
		const callbackLike = fc.record(
			{
				url: anyField,
				id: anyField,
				state: anyField,
				amount: anyField,
				payed: anyField,
				payer_name: anyField,
				date_created: anyField,
				account_bank: anyField,
			},
			{ requiredKeys: [] },
		);
		const rawBody = fc.oneof(
			fc.string(),
			callbackLike.map((value) => JSON.stringify(value)),
			fc.jsonValue().map((value) => JSON.stringify(value)),
			fc.jsonValue().map((value) => JSON.stringify(JSON.stringify(value))),
			fc
				.dictionary(fc.string(), fc.string())
				.map((fields) => new URLSearchParams(fields).toString()),
		);
		const parsedByN8n = fc.oneof(
			fc.constant(undefined),
			callbackLike,
			fc.jsonValue(),
			fc.dictionary(fc.string(), fc.jsonValue()),
		);
		fc.assert(
			fc.property(
				parsedByN8n,
				rawBody,
				fc.constantFrom(...CONTENT_TYPES),
				(parsed, raw, contentType) => {
					const reading = readCallbackBody(parsed, raw, contentType);
					if (!reading.ok) {
						expect(reading.problem).not.toBe('');
						return;
					}
					expect(typeof reading.body).toBe('object');
					const event = parseCallback(reading.body);
					if (!event.ok) return;
					expect(['payment', 'withdrawal']).toContain(event.event.kind);
					expect(event.event.id).not.toBe('');
					expect(event.event.state === null || Number.isFinite(event.event.state)).toBe(true);
					expect(JSON.parse(JSON.stringify(event.event.json)).kind).toBe(event.event.kind);
				},
			),
		);
	});
});
