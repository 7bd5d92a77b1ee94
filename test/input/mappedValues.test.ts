/**
 * Whatever a mapping gives a field, the node refuses what it cannot send as meant, naming the
 * field, before anything is sent, and leaves its input items as they were. Runs every operation
 * through n8n's engine, field by field, from the node's own description (a field added later is
 * covered).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { Pay } from '../../nodes/Pay/Pay.node';
import type { Sandbox } from '../../sandbox';
import { runPayNode } from '../harness/runWorkflow';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { sandboxCredentials } from '../harness/sandboxCredentials';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const payer = {
	payerName: 'Ana',
	documentType: 'CC',
	documentNumber: '1020304050',
	payerEmail: 'ana@example.com',
	payerPhone: '3001112233',
};

/**
 * Parameters every check of each operation starts from: valid input, so the mapped field is the one
 * refused.
 */
const VALID: Record<string, IDataObject> = {
	'payment.create': {
		amount: 5000,
		description: 'Invoice',
		paymentMethods: ['pse'],
		payerRedirectUrl: 'https://shop.example/thanks',
		callbackUrl: 'https://hooks.example/pay',
		expirationDays: 1,
	},
	'payment.estimateFees': { amount: 5000 },
	'payment.expire': { slug: 'aB3dE9xZ' },
	'payment.get': { slug: 'aB3dE9xZ' },
	'payment.update': {
		slug: 'aB3dE9xZ',
		updateFields: { description: 'New', callbackUrl: 'https://hooks.example/pay' },
	},
	'checkout.confirmWalletOtp': { slug: 'aB3dE9xZ', otp: '123456' },
	'checkout.listBanks': {},
	'checkout.payWithBreb': { slug: 'aB3dE9xZ', methodKey: 'breb' },
	'checkout.payWithDaviplata': { slug: 'aB3dE9xZ', ...payer },
	'checkout.payInCash': { slug: 'aB3dE9xZ', cashNetwork: 'efecty', ...payer },
	'checkout.payWithBankButton': { slug: 'aB3dE9xZ', ...payer },
	'checkout.payWithNequi': { slug: 'aB3dE9xZ', ...payer, nequiPhone: '3001112233', push: true },
	'checkout.payWithOtherMethod': { slug: 'aB3dE9xZ', methodKey: 'cash', fields: '{}' },
	'checkout.payWithPse': {
		slug: 'aB3dE9xZ',
		...payer,
		payerAddress: 'Calle 1',
		bank: { __rl: true, mode: 'id', value: '1022' },
	},
	'transfer.getAll': { returnAll: false, limit: 5 },
	'transfer.send': { recipient: 'friend', amount: 100 },
	'account.requestCodes': { channels: ['email'] },
	'account.verifyEmail': { code: '1234' },
	'account.verifyPhone': { code: '1234' },
	'withdrawal.withdraw': {
		amount: 10,
		keyValue: '3001112233',
		accountHolderName: 'Ana',
		accountType: '8',
		callbackUrl: 'https://hooks.example/pay',
	},
	'card.charge': { cardUuid: 'card-1', slug: 'aB3dE9xZ', dues: 1, cvv: '123' },
	'card.delete': { cardUuid: 'card-1' },
	'card.get': { cardUuid: 'card-1' },
	'card.getAll': { returnAll: false, limit: 5 },
	'card.register': { cardNumber: '4111 1111 1111 1111', holderName: 'Ana', expiry: '12/39' },
};

/**
 * Text fields that take several values, so a list of texts is right for them (an object still is
 * not).
 */
const LIST_FIELDS = ['options.otherMethodKeys', 'updateFields.otherMethodKeys'];

/**
 * Field types whose value is text, a number or yes/no: an object or a list is never right for them.
 */
const PLAIN_TYPES = ['string', 'number', 'boolean'];

interface MappedField {
	operation: string;
	/** Where the value goes: `name`, or `collection.name` for a field inside Options and the like. */
	path: string;
	label: string;
}

/**
 * Every plain field the editor shows for the valid parameters of each operation, collections'
 * fields included.
 */
function plainFields(): MappedField[] {
	const properties = new Pay().description.properties;
	const fields: MappedField[] = [];
	for (const [operation, valid] of Object.entries(VALID)) {
		const [resource, name] = operation.split('.');
		const shown = (property: INodeProperties) =>
			Object.entries(property.displayOptions?.show ?? {}).every(([key, values]) => {
				const value =
					key === 'resource'
						? resource
						: key === 'operation'
							? name
							: (valid[key] ?? property.default);
				return (values as unknown[]).includes(value);
			});
		for (const property of properties.filter(shown)) {
			if (PLAIN_TYPES.includes(property.type))
				fields.push({ operation, path: property.name, label: property.displayName });
			if (property.type !== 'collection') continue;
			for (const child of (property.options ?? []) as INodeProperties[]) {
				if (PLAIN_TYPES.includes(child.type))
					fields.push({
						operation,
						path: `${property.name}.${child.name}`,
						label: child.displayName,
					});
			}
		}
	}
	return fields;
}

function withMapped(operation: string, path: string): IDataObject {
	const [resource, name] = operation.split('.');
	const parameters: IDataObject = { resource, operation: name, ...VALID[operation] };
	const [outer, inner] = path.split('.');
	if (inner === undefined) parameters[outer] = '={{ $json.value }}';
	else parameters[outer] = { ...(parameters[outer] as IDataObject), [inner]: '={{ $json.value }}' };
	return parameters;
}

/**
 * Requests that change something at the service (the token refresh and reads such as the public key
 * change nothing).
 */
function changingRequests(counters: Record<string, number>): string[] {
	return Object.keys(counters).filter(
		(route) => !route.startsWith('GET ') && route !== 'POST /token/refresh/',
	);
}

const FIELDS = plainFields();

it('finds the plain fields of every operation in the description', () => {
	// A guard on the test itself: the walk above must reach every operation and the Options fields.
	expect(new Set(FIELDS.map((field) => field.operation))).toEqual(new Set(Object.keys(VALID)));
	expect(FIELDS.length).toBeGreaterThan(60);
	expect(FIELDS).toContainEqual({
		operation: 'withdrawal.withdraw',
		path: 'options.description',
		label: 'Description',
	});
	expect(FIELDS).toContainEqual({
		operation: 'payment.get',
		path: 'requestOptions.timeoutMs',
		label: 'Timeout (Ms)',
	});
});

it.each(FIELDS.map((field) => [`${field.operation} ${field.path}`, field]))(
	'%s: a mapped object or list is refused naming the field, nothing is sent, and the input is left as it was',
	async (_name, field) => {
		const { operation, path, label } = field as MappedField;
		const list = LIST_FIELDS.includes(path)
			? [{ reference: 'MARKER-in-the-list' }]
			: ['MARKER-of-the-list'];
		const input: IDataObject[] = [
			{ value: { reference: 'MARKER-of-the-object' } },
			{ value: list },
		];
		const inputBefore = JSON.parse(JSON.stringify(input));
		await sandbox.control.resetCounters();

		const { items } = await runPayNode({
			parameters: withMapped(operation, path) as never,
			input,
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});

		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		for (const item of items) {
			expect(item.json).toMatchObject({ field: label, outcome: 'not_sent' });
			expect(item.json.error).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}: `));
			expect(JSON.stringify(item.json)).not.toMatch(/MARKER|\[object/);
		}
		expect(changingRequests(await sandbox.control.counters())).toEqual([]);
		expect(input).toEqual(inputBefore);
	},
);

describe('values the checks above do not reach', () => {
	const run = (parameters: IDataObject, input: IDataObject[] = [{}]) =>
		runPayNode({
			parameters: parameters as never,
			input,
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});

	it('Update leaves a mapped Additional Fields object as it was (the node adds its own fields to a copy)', async () => {
		const created = await run(withMapped('payment.create', 'description'), [
			{ value: 'Invoice 7' },
		]);
		const slug = created.items[0].json.slug as string;
		const input: IDataObject[] = [{ extra: { platform: 'erp' } }];

		const { items } = await run(
			{
				resource: 'payment',
				operation: 'update',
				slug,
				updateFields: { description: 'Renamed', additionalFields: '={{ $json.extra }}' },
			},
			input,
		);

		expect(items[0].json).toMatchObject({ slug, description: 'Renamed' });
		expect(input).toEqual([{ extra: { platform: 'erp' } }]);
		expect((await sandbox.control.payment(slug)).platform).toBe('erp');
	});

	it.each([
		[
			'a negative timeout',
			{ timeoutMs: -5 },
			'Timeout (Ms): must be a whole number from 1 to 3600000, got -5',
		],
		[
			'a timeout past what Node timers hold',
			{ timeoutMs: 2 ** 40 },
			'Timeout (Ms): must be a whole number from 1 to 3600000, got 1099511627776',
		],
		[
			'no items at once',
			{ concurrency: 0 },
			'Items at Once: must be a whole number from 1 to 50, got 0',
		],
		[
			'a fraction of a retry',
			{ maxRetries: 1.5 },
			'Retries of Safe Requests: must be a whole number from 0 to 10, got 1.5',
		],
	])(
		'mapped request options out of range (%s) fail every item, paired, instead of crashing in Node sockets',
		async (_name, options, message) => {
			const requestOptions = Object.fromEntries(
				Object.keys(options).map((key) => [key, `={{ $json.${key} }}`]),
			);
			const input = [options, options] as IDataObject[];
			const { items } = await run(
				{ resource: 'payment', operation: 'get', slug: 'aB3dE9xZ', requestOptions },
				input,
			);
			expect(items).toEqual(
				[0, 1].map((item) => ({
					json: expect.objectContaining({ error: message, outcome: 'not_sent' }),
					pairedItem: { item },
				})),
			);
			expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(0);
		},
	);

	it('a card field too long for the service key is refused by name, without showing it, and no card is registered', async () => {
		const holderName = `Ana ${'de la Peña '.repeat(30)}`;
		const { items } = await run({
			resource: 'card',
			operation: 'register',
			cardNumber: '4111 1111 1111 1111',
			holderName,
			expiry: '12/39',
		});
		expect(items[0].json).toMatchObject({ field: 'Holder Name', outcome: 'not_sent' });
		expect(items[0].json.error).toMatch(
			/^Holder Name: is too long to encrypt: 3\d\d bytes, and the service's key takes at most 245 with this padding$/,
		);
		expect(JSON.stringify(items[0].json)).not.toContain('Peña');
		expect(await sandbox.control.count('POST /register_tc/')).toBe(0);
	});

	it('Encrypt Fields keeps a field of any name, "__proto__" included', async () => {
		const fields = {
			field: [
				{ name: '__proto__', value: '123' },
				{ name: 'cvv', value: '456' },
			],
		};
		const { items } = await run({ resource: 'card', operation: 'encryptFields', fields });
		expect(Object.keys(items[0].json).sort()).toEqual(['__proto__', 'cvv']);
		expect(Object.getPrototypeOf(items[0].json)).toBe(Object.prototype);
	});
});
