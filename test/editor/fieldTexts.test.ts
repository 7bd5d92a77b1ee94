/**
 * What the editor shows about the Pay node's fields: descriptions that are true, and that say what
 * to put.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Pay } from '../../nodes/Pay/Pay.node';
import { createPayment } from '../../nodes/Pay/actions/payment/create.operation';
import { updatePayment } from '../../nodes/Pay/actions/payment/update.operation';
import { BANK_BUTTON_METHOD } from '../../nodes/Pay/actions/checkout/payWithBankButton.operation';

/**
 * Every field of the node, the fields inside Options and other collections included (shown where
 * their collection is).
 */
const ALL_FIELDS: INodeProperties[] = new Pay().description.properties.flatMap((property) => [
	property,
	...((property.type === 'collection' ? property.options : []) as INodeProperties[]).map(
		(child) => ({ ...child, displayOptions: property.displayOptions }),
	),
]);

/** The fields of one resource. */
const fieldsOf = (resource: string) =>
	ALL_FIELDS.filter((field) => field.displayOptions?.show?.resource?.includes(resource));

/** "withdrawal → withdraw: Account Holder Name", to name a field in a test. */
const where = (field: INodeProperties) =>
	`${field.displayOptions?.show?.resource ?? ''} → ${field.displayOptions?.show?.operation ?? ''}: ${field.displayName}`;

describe('hidden (password) card fields', () => {
	const hidden = fieldsOf('card').filter((field) => field.typeOptions?.password);

	it('are the number, the expiry and the CVV', () => {
		expect(hidden.map((field) => field.displayName).sort()).toEqual([
			'CVV',
			'Card Number',
			'Expiry (MM/YY)',
		]);
	});

	it.each(hidden.map((field) => [field.displayName, field]))(
		'%s says a typed value is saved with the workflow, and does not claim it is never stored',
		(_name, field) => {
			const { description } = field as INodeProperties;
			// "password" only hides the value in the editor: n8n saves it in the workflow's parameters.
			expect(description).toMatch(
				/A typed value is saved with the workflow: map it from an earlier node instead\.$/,
			);
			expect(description).not.toMatch(/stored/);
		},
	);
});

describe('Payment → Create: Callback URL', () => {
	const field = createPayment.properties.find((property) => property.name === 'callbackUrl');

	it('says under the field that it is needed, and what to put there without a Pay Trigger', () => {
		expect(field?.hint).toMatch(/^Needed: the service refuses a payment link without one\./);
		expect(field?.hint).toMatch(/No Pay Trigger\? Any URL of yours .*Add Callback Secret off/);
		expect(field?.hint).toMatch(/only no callback reaches n8n\.$/);
		// Not required in n8n's sense: an older workflow with it empty would not run at all.
		expect(field?.required).toBeUndefined();
	});
});

describe('Payment → Update Fields', () => {
	const withOptions = (properties: INodeProperties[]) =>
		properties.flatMap((property) =>
			property.type === 'collection' ? ((property.options ?? []) as INodeProperties[]) : [property],
		);
	const createFields = new Map(
		withOptions(createPayment.properties).map((field) => [field.name, field]),
	);
	const updateFields = withOptions(
		updatePayment.properties.filter((property) => property.name === 'updateFields'),
	);
	// A hint says what Create needs (Callback URL: the service refuses a creation without one).
	const LEFT_OUT = ['required', 'default', 'hint'];
	const without = (field: INodeProperties) =>
		Object.fromEntries(Object.entries(field).filter(([key]) => !LEFT_OUT.includes(key)));

	it.each(updateFields.map((field) => [field.displayName, field]))(
		"%s is Create's field, with its description, only not required, without Create's hints",
		(_name, field) => {
			const update = field as INodeProperties;
			const create = createFields.get(update.name);
			expect(create).toBeDefined();
			expect(without(update)).toEqual(without(create as INodeProperties));
			expect(update.description).toEqual(expect.any(String));
			expect(update.required).toBeUndefined();
			// The amount's unit and precision hold for an update too; no other hint of Create's.
			if (update.name === 'amount') expect(update.hint).toBe(create?.hint);
			else expect(update.hint).toBeUndefined();
		},
	);
});

describe('every field', () => {
	const fields = ALL_FIELDS.filter(
		(field) => !['resource', 'operation'].includes(field.name) && field.type !== 'notice',
	);

	it.each(fields.map((field) => [where(field), field]))(
		'%s says what to put, with a description or a placeholder',
		(_name, field) => {
			const { description, placeholder } = field as INodeProperties;
			expect(`${description ?? ''}${placeholder ?? ''}`).not.toBe('');
		},
	);
});

describe('option lists', () => {
	const lists = ALL_FIELDS.filter(
		(field) => field.type === 'options' || field.type === 'multiOptions',
	);
	const names = (field: INodeProperties) =>
		((field.options ?? []) as Array<{ name: string }>).map((option) => option.name);

	it.each(lists.map((field) => [where(field), field]))(
		"%s is sorted by name, as n8n's lint rule sorts (localeCompare)",
		(_name, field) => {
			expect(names(field as INodeProperties)).toEqual(
				[...names(field as INodeProperties)].sort((a, b) => a.localeCompare(b)),
			);
		},
	);

	it.each([
		['methodKey', 'breb', ['Bre-B (Alternative Spelling)', 'Breb in Lowercase (Documented)']],
		[
			'recipientField',
			'to_user',
			['Camel Case Name (Older Documentation)', 'Underscore Name (Newer Documentation)'],
		],
	])(
		"%s: each description starts with the exact, case-sensitive key it sends (labels in title case, as n8n's lint wants); the default is the key the documentation prefers",
		(name, documented, labels) => {
			const field = ALL_FIELDS.find((candidate) => candidate.name === name) as INodeProperties;
			const options = field.options as Array<{ name: string; value: string; description?: string }>;
			expect(options.map((option) => option.name)).toEqual(labels);
			for (const option of options)
				expect(option.description?.startsWith(`Sends "${option.value}"`)).toBe(true);
			expect(field.default).toBe(documented);
		},
	);
});

it('every collection\'s button reads in title case, as n8n\'s own ("Add Option", "Add Field")', () => {
	const collections = ALL_FIELDS.filter((field) => field.type === 'collection');
	expect(collections.map((field) => field.name)).toEqual(
		expect.arrayContaining(['options', 'updateFields', 'requestOptions']),
	);
	const placeholders = collections.map((field) => field.placeholder);
	for (const placeholder of placeholders) expect(placeholder).toMatch(/^Add( [A-Z][a-z]*)+$/);
});

describe('Payment → Create → Payment Methods', () => {
	const offered = (ALL_FIELDS.find((field) => field.name === 'paymentMethods')?.options ??
		[]) as Array<{ value: string }>;
	const cashNetworks = (ALL_FIELDS.find((field) => field.name === 'cashNetwork')?.options ??
		[]) as Array<{ value: string }>;

	it('offers the key of every method a checkout operation sends, so a user enables it without typing a key', () => {
		const checkoutKeys = [
			'pse',
			'daviplata',
			'NEQUI',
			'breb',
			BANK_BUTTON_METHOD,
			...cashNetworks.map((network) => network.value),
		];
		expect(cashNetworks.length).toBeGreaterThan(0);
		expect(offered.map((option) => option.value)).toEqual(expect.arrayContaining(checkoutKeys));
	});
});
