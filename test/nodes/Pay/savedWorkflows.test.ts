/**
 * Workflows saved before version 2 of the Pay node keep working unchanged: their nodes stay at
 * version 1, whose parameters (the slug and the card as text) and outputs (whole answers) are what
 * they were. The card-on-file example exactly as it was saved then (test/fixtures/savedAtVersion1,
 * copied from examples/ at 40b63f9, the last commit before version 2) runs through n8n's engine:
 * card registered, payment created, charged once with the card mapped by its card_uuid and the slug
 * mapped as text, read back paid. (The end-to-end test runs the saved examples with other n8n nodes
 * in a real n8n.)
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import type { Sandbox } from '../../../sandbox';
import { EXAMPLES_DIR } from '../../../scripts/n8nRuntime/paths';
import { PACKAGE_ROOT } from '../../harness/loadPackage';
import { runSavedWorkflow } from '../../harness/runSavedWorkflow';
import { sandboxCredentials } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const SAVED = join(PACKAGE_ROOT, 'test', 'fixtures', 'savedAtVersion1');

describe('a workflow saved at version 1', () => {
	const file = join(SAVED, 'card-on-file.json');
	const saved = JSON.parse(readFileSync(file, 'utf8')) as {
		nodes: Array<{
			name: string;
			type: string;
			typeVersion: number;
			parameters: Record<string, unknown>;
		}>;
	};

	it('is what version 1 saved: Pay nodes at version 1, the card and the slug as text', () => {
		const payNodes = saved.nodes.filter((node) => node.type === 'n8n-nodes-pay.pay');
		expect(payNodes.map((node) => node.typeVersion)).toEqual([1, 1, 1, 1]);
		const charge = payNodes.find((node) => node.name === 'Charge Card');
		expect(charge?.parameters).toMatchObject({
			cardUuid: "={{ $('Register Card').item.json.card_uuid }}",
			slug: '={{ $json.slug }}',
		});
		expect(payNodes.some((node) => 'simplify' in node.parameters)).toBe(false);
	});

	it('runs unchanged: the card is charged once and the payment reads paid, with the whole objects as before', async () => {
		const { outputs, errors } = await runSavedWorkflow(file, sandboxCredentials(sandbox));
		expect(errors).toEqual({});
		const [card] = await sandbox.control.cards();
		expect(outputs['Register Card'][0]).toMatchObject({ card_uuid: card.uuid, last4: '1111' });
		expect(outputs['Charge Card'][0]).toMatchObject({ card_uuid: card.uuid, charged: true });
		const slug = outputs['Create Payment'][0].slug as string;
		expect(outputs['Check Payment'][0]).toMatchObject({ slug, state_label: 'paid' });
		// Version 1's outputs are whole: the service's fields and their originals under `raw`.
		expect(outputs['Create Payment'][0]).toHaveProperty('raw');
		expect(outputs['Check Payment'][0]).toHaveProperty('payment_method_enabled');
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
		expect((await sandbox.control.payment(slug)).state).toBe(3);
	});
});

describe('the same example as it is now, at version 2', () => {
	it('picks the card and the payment with locators and gives simplified objects, with the same result', async () => {
		const { outputs, errors } = await runSavedWorkflow(
			join(EXAMPLES_DIR, 'card-on-file.json'),
			sandboxCredentials(sandbox),
		);
		expect(errors).toEqual({});
		const slug = outputs['Create Payment'][0].slug as string;
		expect(outputs['Check Payment'][0]).toMatchObject({
			slug,
			state_label: 'paid',
			payment_method: 'credit_card',
		});
		expect(outputs['Create Payment'][0]).not.toHaveProperty('raw');
		expect(outputs['Check Payment'][0]).not.toHaveProperty('payment_method_enabled');
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
	});
});
