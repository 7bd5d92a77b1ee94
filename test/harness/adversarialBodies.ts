/**
 * Callback bodies a sender may make, as n8n hands them to a webhook: the raw bytes, the content
 * type, and what n8n parsed of them (JSON and forms; other types it leaves raw). Shaped like the
 * service's callbacks often enough that the event side is reached, and hostile in every other
 * way: deep nesting, numbers past what a double holds, arrays, wrong types, bytes that are no
 * UTF-8, JSON encoded twice, forms, keys named `__proto__` and `constructor`. Every body stays
 * within the trigger's size limit (MAX_BODY_CHARACTERS): past it the answer is the size refusal.
 */
import fc from 'fast-check';

import { MAX_BODY_CHARACTERS } from '../../nodes/shared/callback/readCallbackBody';
import type { CallbackRequest } from './webhookRequest';

export interface SentBody {
	rawBody: string | Buffer;
	contentType: string;
}

/** A field of a callback of any JSON type, and values meant to break a reader. */
const anyValue = fc.oneof(
	fc.string(),
	fc.integer(),
	fc.double(),
	fc.boolean(),
	fc.constant(null),
	fc.jsonValue({ maxDepth: 4 }),
	fc.constantFrom('3', ' 3 ', '1e400', '-0', 'NaN', 'Infinity', '0x10', '', '\u0000', '\ud800'),
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const fieldName = fc.oneof(
	fc.constantFrom('url', 'id', 'state', 'payed', 'amount', 'date_created', 'account_bank'),
	fc.constantFrom(...PROTOTYPE_KEYS),
	fc.string({ maxLength: 12 }),
);

/** An object shaped like a callback: a slug or an id, a state, and fields of any kind. */
const callbackLike = fc
	.tuple(
		fc.oneof(
			fc.record({ url: fc.oneof(fc.constantFrom('abc123', 'no such/slug'), anyValue) }),
			fc.record({ id: fc.oneof(fc.constantFrom('W-1', '42'), anyValue), state: anyValue }),
		),
		fc.dictionary(fieldName, anyValue, { maxKeys: 6 }),
	)
	.map(([core, more]) => ({ ...more, ...core }));

/** JSON text nested `depth` levels inside a callback's field (objects, arrays, or both). */
const deeplyNested = fc
	.tuple(
		fc.integer({ min: 17, max: 30_000 }),
		fc.constantFrom('[', '{"a":', 'mixed'),
		fc.constantFrom('{"url":"abc123","x":', '{"id":"W-1","state":2,"date_x":', '{"url":'),
	)
	.map(([depth, opener, prefix]) => {
		const open = (level: number) =>
			opener === 'mixed' ? (level % 2 === 0 ? '[' : '{"a":') : opener;
		const close = (level: number) => (open(level) === '[' ? ']' : '}');
		let text = '1';
		for (let level = depth - 1; level >= 0; level--) text = `${open(level)}${text}${close(level)}`;
		return `${prefix}${text}}`;
	})
	.filter((text) => text.length <= MAX_BODY_CHARACTERS);

/** Numbers JSON can write and a double cannot hold exactly, in the places a reader looks. */
const hugeNumbers = fc
	.tuple(
		fc.constantFrom('id', 'state', 'amount', 'url'),
		fc.constantFrom(
			'123456789012345678901234567890',
			'9007199254740993',
			'1e400',
			'-1e400',
			'1.5',
			'4.9e-324',
		),
	)
	.map(([field, number]) =>
		field === 'id' ? `{"id":${number},"state":2}` : `{"url":"abc123","${field}":${number}}`,
	);

/** Text that parses into an object with a key named as a prototype's. */
const prototypeKeys = fc
	.tuple(fc.constantFrom(...PROTOTYPE_KEYS), callbackLike)
	.map(([key, inner]) => `{"${key}":${JSON.stringify(inner)},"url":"abc123"}`);

const jsonText = fc.oneof(
	callbackLike.map((body) => JSON.stringify(body)),
	fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
	deeplyNested,
	hugeNumbers,
	prototypeKeys,
	fc.string(),
);

export const adversarialBody: fc.Arbitrary<SentBody> = fc.oneof(
	fc.record({
		rawBody: jsonText,
		contentType: fc.constantFrom('application/json', 'text/plain', 'application/octet-stream', ''),
	}),
	// JSON encoded twice (and three times).
	fc.record({
		rawBody: fc.oneof(
			jsonText.map((text) => JSON.stringify(text)),
			jsonText.map((text) => JSON.stringify(JSON.stringify(text))),
		),
		contentType: fc.constantFrom('application/json', 'text/plain'),
	}),
	// Forms, with repeated keys, bracket keys and prototype keys.
	fc.record({
		rawBody: fc
			.array(fc.tuple(fc.oneof(fieldName, fc.constantFrom('url[]', 'a[b][c]')), fc.string()), {
				maxLength: 8,
			})
			.map((pairs) => new URLSearchParams(pairs).toString()),
		contentType: fc.constant('application/x-www-form-urlencoded'),
	}),
	// Bytes that are no UTF-8, inside JSON and alone.
	fc.record({
		rawBody: fc
			.tuple(fc.uint8Array({ maxLength: 64 }), fc.boolean())
			.map(([bytes, wrapped]) =>
				wrapped
					? Buffer.concat([Buffer.from('{"url":"'), Buffer.from(bytes), Buffer.from('"}')])
					: Buffer.from(bytes),
			),
		contentType: fc.constantFrom('application/json', 'text/plain', 'application/octet-stream'),
	}),
);

/**
 * The request n8n hands the webhook: for JSON and forms the body it parsed (n8n answers a JSON body
 * it cannot parse itself, before any node runs: such a body reaches the node unparsed here, the
 * harder case), for other types none.
 */
export function asN8nDelivers(sent: SentBody, query: Record<string, string>): CallbackRequest {
	const text = sent.rawBody.toString();
	let body: unknown = {};
	if (sent.contentType === 'application/json') {
		try {
			body = JSON.parse(text);
		} catch {
			body = {};
		}
	} else if (sent.contentType === 'application/x-www-form-urlencoded') {
		body = Object.fromEntries(new URLSearchParams(text));
	}
	return {
		body,
		rawBody: sent.rawBody,
		headers: sent.contentType === '' ? {} : { 'content-type': sent.contentType },
		query,
	};
}

/**
 * What n8n does with a started item before the workflow sees it: copies it (structuredClone or its
 * own deepCopy) and writes it as JSON into the execution. Throws where n8n would fail.
 */
export function survivesN8n(items: unknown[]): void {
	structuredClone(items);
	JSON.parse(JSON.stringify(items));
}

/** Whether anything a body carried reached Object.prototype. */
export function prototypePolluted(): boolean {
	const plain = {} as Record<string, unknown>;
	return ['url', 'id', 'state', 'a', 'x', 'payed'].some((key) => plain[key] !== undefined);
}
