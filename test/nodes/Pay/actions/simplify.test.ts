/**
 * Simplify (version 2, on by default) returns the fields a workflow maps of payment objects,
 * checkouts, cards and transfer lists, named and typed as in the whole output; off, the output is
 * what version 1 gives, every field of the service's answer.
 */
import type { IDataObject } from 'n8n-workflow';

import { SIMPLE_PAYMENT_FIELDS } from '../../../../nodes/Pay/actions/payment/simplePayment';
import {
	ACCOUNTING_FIELDS,
	paymentAccounting,
} from '../../../../nodes/shared/accounting/paymentAccounting';
import type { Sandbox } from '../../../../sandbox';
import { pseCheckout } from '../../../harness/parameters';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../harness/sandboxProfile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

async function run(parameters: IDataObject, typeVersion = 2) {
	const result = await runPayNode({
		typeVersion,
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox),
	});
	if (result.error) throw new Error(result.error.message);
	return result.items.map((item) => item.json);
}

const CREATE = {
	resource: 'payment',
	operation: 'create',
	amount: 42000,
	description: 'Simplify test',
	paymentMethods: ['pse', 'credit_card'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
};

/**
 * The simplified view is the whole one cut down, the same names with the same values, and, for a
 * payment object, the accounting fields made from the whole one.
 */
function expectCutDownFrom(simple: IDataObject, whole: IDataObject, allowed: string[]) {
	const accounting: string[] = allowed === SIMPLE_PAYMENT_FIELDS ? [...ACCOUNTING_FIELDS] : [];
	const named = [...allowed, ...accounting];
	expect(Object.keys(simple).every((field) => named.includes(field))).toBe(true);
	for (const [field, value] of Object.entries(simple))
		if (!accounting.includes(field)) expect(whole[field]).toEqual(value);
	const booked = paymentAccounting(whole);
	for (const field of accounting) if (field in simple) expect(simple[field]).toEqual(booked[field]);
}

describe('payment objects', () => {
	it('Create: on by default, the fields a workflow maps; off, everything, as version 1 gives it', async () => {
		const [simple] = await run({ ...CREATE, options: { idempotencyKey: 'simplify-on' } });
		const [whole] = await run({
			...CREATE,
			simplify: false,
			options: { idempotencyKey: 'simplify-off' },
		});
		const [atVersion1] = await run({ ...CREATE, options: { idempotencyKey: 'version-1' } }, 1);
		expect(simple).toMatchObject({
			slug: expect.any(String),
			payment_page_url: expect.stringContaining('/_sandbox/checkout/'),
			state_label: 'created',
			amount: 42000,
			payment_methods: { pse: true, credit_card: true },
		});
		expect(simple).not.toHaveProperty('raw');
		// Two objects: only what makes each one itself differs.
		const own = ['slug', 'payment_page_url', 'idempotency_key', 'date_created'];
		expectCutDownFrom(
			Object.fromEntries(Object.entries(simple).filter(([field]) => !own.includes(field))),
			whole,
			SIMPLE_PAYMENT_FIELDS,
		);
		expect(Object.keys(simple)).toEqual(expect.arrayContaining(own));
		expect(Object.keys(whole)).toEqual(Object.keys(atVersion1));
		expect(whole).toHaveProperty('raw');
		const kept = Object.keys(simple).filter((field) => !ACCOUNTING_FIELDS.includes(field as never));
		expect(kept.length).toBeLessThan(Object.keys(whole).length / 2);
	});

	it('Get and Update: the same fields, the updated ones listed', async () => {
		const [{ slug }] = await run(CREATE);
		const got = {
			resource: 'payment',
			operation: 'get',
			slug: { __rl: true, mode: 'id', value: slug },
		};
		const [simple] = await run(got);
		const [whole] = await run({ ...got, simplify: false });
		const [atVersion1] = await run({ resource: 'payment', operation: 'get', slug }, 1);
		expectCutDownFrom(simple, whole, SIMPLE_PAYMENT_FIELDS);
		expect(Object.keys(simple)).toEqual(expect.arrayContaining([...ACCOUNTING_FIELDS]));
		expect(simple).toMatchObject({ slug, amount: 42000, state: 0, description: 'Simplify test' });
		expect(whole).toEqual(atVersion1);
		expect(whole).toHaveProperty('payment_method_enabled');
		expect(simple).not.toHaveProperty('payment_method_enabled');
		const [updated] = await run({
			...got,
			operation: 'update',
			updateFields: { description: 'New' },
		});
		expect(updated).toMatchObject({ slug, description: 'New', updated_fields: ['description'] });
		expect(updated).not.toHaveProperty('raw');
	});
});

describe('checkouts', () => {
	it('PSE: on, the link to send the payer to and the states, without the order and the raw answer; off, with them', async () => {
		const [{ slug }] = await run(CREATE);
		const [simple] = await run({
			...pseCheckout(slug as string),
			slug: { __rl: true, mode: 'id', value: slug },
		});
		expect(simple).toMatchObject({
			slug,
			method: 'pse',
			bank_redirect_url: expect.stringMatching(/^https?:\/\//),
		});
		expect(simple).not.toHaveProperty('order');
		expect(simple).not.toHaveProperty('raw');
		if (simple.payment !== undefined) {
			expect(simple.payment).not.toHaveProperty('raw');
			expect(simple.payment).toMatchObject({ slug });
		}

		const [{ slug: other }] = await run(CREATE);
		const [whole] = await run({
			...pseCheckout(other as string),
			slug: { __rl: true, mode: 'id', value: other },
			simplify: false,
		});
		expect(whole).toHaveProperty('order');
		expect(whole).toHaveProperty('raw');
		expect(Object.keys(simple).sort()).toEqual(
			Object.keys(whole)
				.filter((field) => field !== 'order' && field !== 'raw')
				.sort(),
		);
	});
});

describe('cards', () => {
	it('Get Many and Get: the card_uuid, brand, first six and last four, holder; off, all the service said', async () => {
		const [{ card_uuid: uuid }] = await run({
			resource: 'card',
			operation: 'register',
			cardNumber: '4111 1111 1111 1111',
			holderName: 'ANA PEREZ',
			expiry: '12/30',
		});
		const simple = await run({ resource: 'card', operation: 'getAll' });
		const whole = await run({ resource: 'card', operation: 'getAll', simplify: false });
		const atVersion1 = await run({ resource: 'card', operation: 'getAll' }, 1);
		expect(simple).toEqual([
			{
				card_uuid: uuid,
				last4: '1111',
				franchise: 'VISA',
				bin_card: '411111',
				name_card: 'ANA PEREZ',
			},
		]);
		expect(whole).toEqual(atVersion1);
		// The spec's reading lists more of each card (bank, country, date); real clients see these
		// five.
		if (profileUnderTest() === 'spec')
			expect(whole[0]).toMatchObject({ country: 'CO', date_created: expect.any(String) });
		const [one] = await run({
			resource: 'card',
			operation: 'get',
			cardUuid: { __rl: true, mode: 'id', value: uuid },
		});
		expect(one).toEqual(simple[0]);
	});
});

describe('transfer lists', () => {
	it('Get Many: the four fields of a transfer, whatever else the service adds; off, all of them', async () => {
		// A service that lists more of each transfer than the spec shows.
		const listed = [
			{
				id: 7,
				from_user: 'demo',
				to_user: '3109876543',
				amount: '1500.00',
				date: '2026-01-05T10:00:00Z',
				state: 'done',
				note: 'rent',
			},
		];
		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: listed,
			times: 3,
		});
		const simple = await run({ resource: 'transfer', operation: 'getAll', returnAll: true });
		const whole = await run({
			resource: 'transfer',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		const atVersion1 = await run({ resource: 'transfer', operation: 'getAll', returnAll: true }, 1);
		expect(simple).toEqual([
			{ from_user: 'demo', to_user: '3109876543', amount: 1500, date: '2026-01-05T10:00:00.000Z' },
		]);
		expect(whole).toEqual([{ ...listed[0], amount: 1500, date: '2026-01-05T10:00:00.000Z' }]);
		expect(whole).toEqual(atVersion1);
	});
});

describe('the field', () => {
	it('a Simplify mapped to something that is no yes/no fails the item before anything is sent', async () => {
		await sandbox.control.resetCounters();
		const result = await runPayNode({
			typeVersion: 2,
			parameters: { resource: 'card', operation: 'getAll', simplify: '={{ "maybe" }}' } as never,
			credentials: sandboxCredentials(sandbox),
		});
		expect(result.error?.message).toBe('Simplify: must be true or false, got "maybe"');
		expect(await sandbox.control.count('GET /list_tc/')).toBe(0);
	});
});
