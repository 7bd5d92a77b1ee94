/**
 * The Pay Tool at version 2, where the payment and the card are resource locators: its gate reads
 * them as the workflow does. A payment fixed By URL is checked against the allow-list by its slug,
 * a payment mapped with an expression inside the locator is refused as a mapped fixed field, and a
 * card picked From List is charged once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { CARD_PAYABLE_PAYMENT } from '../actions/card/cardPayable';
import { firstAnswer, runAgentWithPayTool } from './scriptedAgent';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const allowed = { toolAllowMoneyMovement: true, toolMaxAmount: 100_000 };

const agent = (parameters: IDataObject, calls: IDataObject[] = [{}]) =>
	runAgentWithPayTool({
		parameters: parameters as never,
		calls,
		credentials: sandboxCredentials(sandbox),
		typeVersion: 2,
	});

/** A saved card and a payment it can pay: the card's id, the payment's slug and page link. */
async function cardAndPayment() {
	const run = (parameters: IDataObject) =>
		runPayNode({ parameters: parameters as never, credentials: sandboxCredentials(sandbox) });
	const card = await run({
		resource: 'card',
		operation: 'register',
		cardNumber: '4111 1111 1111 1111',
		holderName: 'ANA PEREZ',
		expiry: '12/30',
	});
	const payment = await run(CARD_PAYABLE_PAYMENT);
	const slug = payment.items[0].json.slug as string;
	await sandbox.control.resetCounters();
	return {
		uuid: card.items[0].json.card_uuid as string,
		slug,
		link: `${sandbox.baseUrl}/_sandbox/checkout/${slug}`,
	};
}

const charge = (uuid: string, slug: IDataObject) => ({
	resource: 'card',
	operation: 'charge',
	cardUuid: { __rl: true, mode: 'list', value: uuid },
	slug,
	cvv: '123',
	...allowed,
});

describe('Pay Tool at version 2: payment and card as locators', () => {
	it('a payment fixed By URL passes the allow-list by its slug, and the card picked From List is charged once', async () => {
		const { uuid, slug, link } = await cardAndPayment();
		const { results } = await agent({
			...charge(uuid, { __rl: true, mode: 'url', value: link }),
			toolAllowedRecipients: slug,
		});
		expect(firstAnswer(results[0])).toMatchObject({ slug, card_uuid: uuid, charged: true });
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
	});

	it('a payment off the allow-list is refused by its slug, not by how the locator holds it', async () => {
		const { uuid, slug, link } = await cardAndPayment();
		const { results } = await agent({
			...charge(uuid, { __rl: true, mode: 'url', value: link }),
			toolAllowedRecipients: 'someOtherSlug',
		});
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'recipient_not_allowed' });
		expect(firstAnswer(results[0]).message).toBe(
			`Payment Slug "${slug}" is not on this tool's allow-list. Nothing was sent.`,
		);
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(0);
	});

	it('a payment mapped with an expression inside the locator is refused as a mapped fixed field', async () => {
		const { uuid } = await cardAndPayment();
		const { results } = await agent(
			charge(uuid, { __rl: true, mode: 'id', value: "={{ $fromAI('slug', 'The payment') }}" }),
			[{ slug: 'anything' }],
		);
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'fixed_field_mapped' });
		expect(String(firstAnswer(results[0]).message)).toMatch(
			/^Payment Slug is mapped with an expression/,
		);
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(0);
	});
});
