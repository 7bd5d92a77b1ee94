/**
 * Workflows that wait inside one execution: a webhook starts them, the Pay node creates a link (or
 * sends a withdrawal) and waits, and "After the Wait" (a No Operation node) shows what it output
 * when the execution went on. Shared by the end-to-end and the queue-mode tests.
 */
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';

export const AFTER_THE_WAIT = 'After the Wait';
/** After the time limit, the README's pattern: Payment → Get Links Waited For. */
export const READ_AFTER_THE_LIMIT = 'Read the Link';

const CREDENTIALS = { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } };

function waitingWorkflow(id: string, path: string, payParameters: object): object {
	const node = (suffix: string) => `c4a1e2f0-0000-4000-8000-${id.slice(-4)}0000000${suffix}`;
	const workflow = {
		id,
		name: `E2E: ${path}`,
		nodes: [
			{
				id: node('1'),
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: node('a'),
				parameters: { httpMethod: 'POST', path, options: {} },
			},
			{
				id: node('2'),
				name: 'Pay and Wait',
				type: 'n8n-nodes-pay.pay',
				typeVersion: 2,
				position: [220, 0],
				parameters: payParameters,
				credentials: CREDENTIALS,
			},
			{
				id: node('3'),
				name: AFTER_THE_WAIT,
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [440, 0],
				parameters: {},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Pay and Wait', type: 'main', index: 0 }]] },
			'Pay and Wait': { main: [[{ node: AFTER_THE_WAIT, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
	return workflow;
}

/** The limit-then-read pattern: each item's link, by the slug the wait recorded for its place. */
function withReadAfterTheLimit(workflow: {
	nodes: object[];
	connections: Record<string, object>;
}): object {
	workflow.nodes.push({
		id: 'c4a1e2f0-0000-4000-8000-00000000000d',
		name: READ_AFTER_THE_LIMIT,
		type: 'n8n-nodes-pay.pay',
		typeVersion: 2,
		position: [660, 0],
		parameters: { resource: 'payment', operation: 'getWaitedLinks' },
		credentials: CREDENTIALS,
	});
	workflow.connections[AFTER_THE_WAIT] = {
		main: [[{ node: READ_AFTER_THE_LIMIT, type: 'main', index: 0 }]],
	};
	return workflow;
}

/** A link of `body.amount`, waited for until it expires: the default limit. */
export function createAndWaitWorkflow(id: string, path: string): object {
	return waitingWorkflow(id, path, LINK_PARAMETERS);
}

/** Waited for three seconds only, then read from the service. */
export function limitThenReadWorkflow(id: string, path: string): object {
	const parameters = {
		...LINK_PARAMETERS,
		waitLimit: 'afterInterval',
		waitAmount: 0.05,
		waitUnit: 'minutes',
	};
	return withReadAfterTheLimit(
		waitingWorkflow(id, path, parameters) as Parameters<typeof withReadAfterTheLimit>[0],
	);
}

export const LINK_PARAMETERS = {
	resource: 'payment',
	operation: 'createAndWait',
	amount: '={{ $json.body.amount }}',
	description: '={{ $json.body.invoice }}',
	paymentMethods: ['pse', 'daviplata'],
	payerRedirectUrl: 'https://shop.example/thanks',
	expirationDays: 1,
	options: { idempotencyKey: '={{ $json.body.invoice }}' },
};

/** The second waiting node of TWO_WAITS: another link, waited for after the first is paid. */
export const SECOND_WAIT = 'Second Wait';

/**
 * Two waiting nodes in one execution: a link, then (once it is paid) a second link, each waited
 * for in its own node; each node's link calls back to that node alone.
 */
export function twoWaitsWorkflow(id: string, path: string): object {
	const workflow = waitingWorkflow(id, path, LINK_PARAMETERS) as {
		nodes: Array<Record<string, unknown>>;
		connections: Record<string, object>;
	};
	workflow.nodes.push({
		id: `c4a1e2f0-0000-4000-8000-${id.slice(-4)}0000000e`,
		name: SECOND_WAIT,
		type: 'n8n-nodes-pay.pay',
		typeVersion: 2,
		position: [330, 200],
		parameters: {
			...LINK_PARAMETERS,
			amount: "={{ $('Start').item.json.body.amount }}",
			description: "={{ $('Start').item.json.body.invoice }}-second",
			options: { idempotencyKey: "={{ $('Start').item.json.body.invoice }}-second" },
		},
		credentials: CREDENTIALS,
	});
	workflow.connections['Pay and Wait'] = {
		main: [[{ node: SECOND_WAIT, type: 'main', index: 0 }]],
	};
	workflow.connections[SECOND_WAIT] = {
		main: [[{ node: AFTER_THE_WAIT, type: 'main', index: 0 }]],
	};
	return workflow;
}

export function withdrawAndWaitWorkflow(id: string, path: string): object {
	return waitingWorkflow(id, path, {
		resource: 'withdrawal',
		operation: 'withdrawAndWait',
		amount: '={{ $json.body.amount }}',
		keyValue: '3001234567',
		accountHolderName: 'Ana Gómez',
		reference: '={{ $json.body.payout }}',
		options: {},
	});
}
