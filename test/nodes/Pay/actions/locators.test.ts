/**
 * Version 2 of the Pay node picks payments and cards with n8n's resource locator: a payment By URL
 * (its page's link, or any link ending with the slug) or By Slug, a card From List (the service's
 * cards, by brand and last four) or By UUID. Every operation that names a payment or a card reads
 * them so; what is no payment or card is refused before anything is sent, naming the field and
 * mode.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { Pay } from '../../../../nodes/Pay/Pay.node';
import { searchList } from '../../../harness/listSearch';
import { PAYER } from '../../../harness/parameters';
import { runPayNode } from '../../../harness/runWorkflow';
import type { NodeSettings } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const byUrl = (value: string) => ({ __rl: true, mode: 'url', value });
const bySlug = (value: string) => ({ __rl: true, mode: 'id', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const byUuid = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(parameters: IDataObject, input?: IDataObject[], settings: NodeSettings = {}) {
	return await runPayNode({
		typeVersion: 2,
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
	});
}

/** A payment object with every method the checkouts here use; its slug and its page's link. */
async function newPayment(): Promise<{ slug: string; link: string }> {
	const { items, error } = await run({
		resource: 'payment',
		operation: 'create',
		amount: 42000,
		description: 'Locator test',
		paymentMethods: ['pse', 'daviplata', 'credit_card'],
		payerRedirectUrl: 'https://shop.example/thanks',
		callbackUrl: 'https://hooks.example/webhook/pay',
		expirationDays: 1,
	});
	if (error) throw new Error(error.message);
	const slug = items[0].json.slug as string;
	// The page as the service links it, pre-filled as one plugin does: the query is not the slug.
	return {
		slug,
		link: `${sandbox.baseUrl}/_sandbox/checkout/${slug}?name=Ana&email=ana%40example.com`,
	};
}

async function registerCard(cardNumber: string, holderName: string): Promise<string> {
	const { items, error } = await run({
		resource: 'card',
		operation: 'register',
		cardNumber,
		holderName,
		expiry: '12/30',
	});
	if (error) throw new Error(error.message);
	return items[0].json.card_uuid as string;
}

/** The Card field's list, as the editor loads it. */
async function cardList(filter?: string) {
	return await searchList(sandbox, {
		method: 'searchCards',
		field: 'cardUuid',
		parameters: { resource: 'card', operation: 'charge' },
		typeVersion: 2,
		filter,
	});
}

describe('Payment Slug: By URL and By Slug', () => {
	it("Payment → Get reads the object named by its page's link, and by its slug", async () => {
		const { slug, link } = await newPayment();
		const viaLink = await run({ resource: 'payment', operation: 'get', slug: byUrl(link) });
		const viaSlug = await run({ resource: 'payment', operation: 'get', slug: bySlug(slug) });
		expect(viaLink.error).toBeUndefined();
		expect(viaLink.items[0].json).toMatchObject({ slug, amount: 42000 });
		expect(viaSlug.items[0].json).toEqual(viaLink.items[0].json);
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(2);
	});

	it('Update and Expire change the object named by link or slug', async () => {
		const { slug, link } = await newPayment();
		const updated = await run({
			resource: 'payment',
			operation: 'update',
			slug: byUrl(link),
			updateFields: { description: 'Renamed' },
		});
		expect(updated.items[0].json).toMatchObject({ slug, description: 'Renamed' });
		const expired = await run({ resource: 'payment', operation: 'expire', slug: bySlug(slug) });
		expect(expired.items[0].json).toMatchObject({ slug, expired: true });
		expect((await sandbox.control.payment(slug)).state).toBe(5);
	});

	it('a Daviplata checkout By URL, confirmed By Slug with its OTP, pays the object once', async () => {
		const { slug, link } = await newPayment();
		const started = await run({
			resource: 'checkout',
			operation: 'payWithDaviplata',
			slug: byUrl(link),
			...PAYER,
		});
		expect(started.items[0].json).toMatchObject({ slug, method: 'daviplata' });
		const confirmed = await run({
			resource: 'checkout',
			operation: 'confirmWalletOtp',
			slug: bySlug(slug),
			otp: await sandbox.control.otp(slug),
		});
		expect(confirmed.items[0].json).toMatchObject({ slug, confirmed: true });
		expect((await sandbox.control.payment(slug)).state).toBe(3);
		expect(await sandbox.control.count('POST /pay/confirm_daviplata/')).toBe(1);
	});

	it('a mapped value is read per item: a link that names no payment fails that item alone, naming field and mode', async () => {
		const { slug, link } = await newPayment();
		await sandbox.control.resetCounters();
		const { items } = await run(
			{ resource: 'payment', operation: 'get', slug: byUrl('={{ $json.link }}') },
			[{ link }, { link: slug }, { link: 'https://shop.example/' }],
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({ slug });
		expect(items[1].json).toMatchObject({
			error: `Payment Slug (By URL): "${slug}" is not a link; for a slug, pick By Slug`,
			outcome: 'not_sent',
		});
		expect(items[2].json.error).toBe(
			'Payment Slug (By URL): "https://shop.example/" does not end with a payment slug',
		);
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(1);
	});

	it("a typed value that is no link keeps the workflow from starting, with the editor's message naming field and mode", async () => {
		await expect(
			run({ resource: 'payment', operation: 'get', slug: byUrl('aB3dE9xZ') }),
		).rejects.toThrow(
			"The 'Pay' node has issues:\n- Payment Slug (By URL): not a link ending with a payment slug",
		);
		expect(Object.values(await sandbox.control.counters()).every((count) => count === 0)).toBe(
			true,
		);
	});
});

describe('every operation that names a payment or a card reads it with its locator', () => {
	const properties = new Pay().description.properties;
	const locatorOperations = (name: string) =>
		properties
			.filter((property) => property.name === name && property.type === 'resourceLocator')
			.flatMap((property) => {
				const show = property.displayOptions?.show ?? {};
				return (show.resource as string[]).flatMap((resource) =>
					(show.operation as string[]).map((operation) => [
						`${resource} → ${operation}`,
						resource,
						operation,
					]),
				);
			});
	// Everything else each operation requires, so that only the field under test can stop it.
	const rest = {
		...PAYER,
		payerAddress: 'Calle 1 # 2-3',
		bank: { __rl: true, mode: 'id', value: '1007' },
		methodKey: 'bancolombia_qr',
		otp: '123456',
		cvv: '123',
		dues: 1,
	};

	it('the locators are where the text fields were', () => {
		expect(
			locatorOperations('slug')
				.map(([name]) => name)
				.sort(),
		).toEqual(
			properties
				.filter((property) => property.name === 'slug' && property.type === 'string')
				.flatMap((property) =>
					(property.displayOptions?.show?.operation as string[]).map(
						(operation) =>
							`${(property.displayOptions?.show?.resource as string[])[0]} → ${operation}`,
					),
				)
				.sort(),
		);
		expect(
			locatorOperations('cardUuid')
				.map(([name]) => name)
				.sort(),
		).toEqual(['card → charge', 'card → delete', 'card → get']);
	});

	const validSlug = bySlug('aB3dE9xZ');
	const validCard = byUuid('3f2a9c1e-8b7d-4e2f-9a6b-1c0d5e4f3a2b');
	// Each field with a mapped value that names nothing, the other field valid.
	const refusals = [
		...locatorOperations('slug').map(([name, resource, operation]) => [
			`${name}: a payment By URL that is no link`,
			{ resource, operation, cardUuid: validCard, slug: byUrl('={{ "aB3dE9xZ" }}') },
			'Payment Slug (By URL): "aB3dE9xZ" is not a link; for a slug, pick By Slug',
		]),
		...locatorOperations('cardUuid').map(([name, resource, operation]) => [
			`${name}: a card By UUID that is none`,
			{ resource, operation, slug: validSlug, cardUuid: byUuid('={{ "not a uuid" }}') },
			'Card (By UUID): "not a uuid" is not a card_uuid (letters, digits and "-")',
		]),
	] as Array<[string, IDataObject, string]>;

	it.each(refusals)(
		'%s is refused, naming field and mode, and nothing is sent',
		async (_name, fields, message) => {
			const { error } = await run({ ...rest, ...fields });
			expect(error?.message).toBe(message);
			expect(Object.values(await sandbox.control.counters()).every((count) => count === 0)).toBe(
				true,
			);
		},
	);
});

describe('Card: From List and By UUID', () => {
	it("the list shows each saved card by brand, last four and holder, never more of its number; the user's text filters it", async () => {
		const visa = await registerCard('4111 1111 1111 1111', 'ANA PEREZ');
		const master = await registerCard('5555 5555 5555 4444', 'LUIS GOMEZ');
		const { results } = await cardList();
		expect(results).toEqual(
			expect.arrayContaining([
				{ name: 'VISA •••• 1111 (ANA PEREZ)', value: visa },
				{ name: 'MASTERCARD •••• 4444 (LUIS GOMEZ)', value: master },
			]),
		);
		expect(results).toHaveLength(2);
		expect(JSON.stringify(results)).not.toMatch(/411111|555555/);
		expect((await cardList('4444')).results).toEqual([
			{ name: 'MASTERCARD •••• 4444 (LUIS GOMEZ)', value: master },
		]);
		expect((await cardList('visa')).results.map((card) => card.value)).toEqual([visa]);
	});

	it('a card picked from the list charges the payment given By URL, once', async () => {
		await registerCard('4111 1111 1111 1111', 'ANA PEREZ');
		const [picked] = (await cardList()).results;
		const { slug, link } = await newPayment();
		await sandbox.control.resetCounters();
		const { items, error } = await run({
			resource: 'card',
			operation: 'charge',
			cardUuid: fromList(picked.value as string),
			slug: byUrl(link),
			dues: 1,
			cvv: '123',
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ slug, card_uuid: picked.value, charged: true });
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
		expect((await sandbox.control.payment(slug)).state).toBe(3);
	});

	it('Get and Delete take a card By UUID, or From List', async () => {
		const uuid = await registerCard('4111 1111 1111 1111', 'ANA PEREZ');
		const got = await run({ resource: 'card', operation: 'get', cardUuid: byUuid(uuid) });
		expect(got.items[0].json).toMatchObject({ card_uuid: uuid, last4: '1111' });
		const deleted = await run({ resource: 'card', operation: 'delete', cardUuid: fromList(uuid) });
		expect(deleted.items[0].json).toMatchObject({ card_uuid: uuid, deleted: true });
		expect(await sandbox.control.cards()).toEqual([]);
	});

	it('a card By UUID the service does not know is named in its error; an empty pick says to pick one', async () => {
		const unknown = await run({
			resource: 'card',
			operation: 'get',
			cardUuid: byUuid('3f2a9c1e-8b7d-4e2f-9a6b-1c0d5e4f3a2b'),
		});
		expect(unknown.error?.message).toMatch(/3f2a9c1e-8b7d-4e2f-9a6b-1c0d5e4f3a2b/);
		const empty = await run({
			resource: 'card',
			operation: 'get',
			cardUuid: fromList('={{ "" }}'),
		});
		expect(empty.error?.message).toBe('Card (From List): is empty; pick a card from the list');
	});
});
