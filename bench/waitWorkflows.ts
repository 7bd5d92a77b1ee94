/**
 * The workflows of the wait benchmark, alike but for the waiting node: Webhook → "Resume URL" (a
 * Set node keeping `$execution.resumeUrl`, so the benchmark can read where to resume) → the Pay
 * node's Create and Wait for Payment, or n8n's Wait node resumed on a POST (and once more with
 * Header Auth, which reads a credential on every resume as the Pay node does) → "Next" (No
 * Operation). And the n8n they run in: the package installed as users install it, the sandbox
 * credential with its Callback Secret, the workflows published.
 */
import type { SandboxEndpoint } from '../sandbox';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME } from '../scripts/n8nRuntime/credential';
import type { N8nInstance } from '../scripts/n8nRuntime/n8nCli';
import { LINK_PARAMETERS } from '../test/e2e/waitingWorkflows';
import { importHeaderAuth, importPublished, preparedInstance } from './benchInstance';
import { BENCH_CALLBACK_SECRET } from './n8nRuntime';

export const RESUME_URL_NODE = 'Resume URL';
export const NEXT_NODE = 'Next';

export type SideName = 'pay' | 'wait' | 'waitAuth';

/** The header n8n's Wait node with Header Auth checks, and its value. */
const AUTH_HEADER = 'x-callback-token';

export interface Side {
	name: SideName;
	label: string;
	workflowId: string;
	path: string;
	/** The waiting node's name. */
	nodeName: string;
	node: Record<string, unknown>;
	/** Sent with each resume. */
	headers: Record<string, string>;
}

function waitNode(webhookId: string, parameters: object): Record<string, unknown> {
	return {
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		webhookId,
		parameters: { resume: 'webhook', httpMethod: 'POST', ...parameters, options: {} },
	};
}

export const SIDES: Side[] = [
	{
		name: 'pay',
		label: 'Pay: Create and Wait for Payment',
		workflowId: 'benchWaitPay',
		path: 'bench-wait-pay',
		nodeName: 'Pay and Wait',
		node: {
			type: 'n8n-nodes-pay.pay',
			typeVersion: 2,
			parameters: LINK_PARAMETERS,
			credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
		},
		headers: {},
	},
	{
		name: 'wait',
		label: "n8n's Wait node (Resume: On Webhook Call, POST)",
		workflowId: 'benchWaitN8n',
		path: 'bench-wait-n8n',
		nodeName: 'Wait',
		node: waitNode('b3c5d7e9-0000-4000-8000-00000000000e', {}),
		headers: {},
	},
	{
		// Apart, what n8n takes to read a credential in a resume's webhook (Pay reads its own).
		name: 'waitAuth',
		label: "n8n's Wait node with Header Auth",
		workflowId: 'benchWaitN8nAuth',
		path: 'bench-wait-n8n-auth',
		nodeName: 'Wait',
		node: {
			...waitNode('b3c5d7e9-0000-4000-8000-00000000000f', {
				incomingAuthentication: 'headerAuth',
			}),
			credentials: {
				httpHeaderAuth: { id: 'benchWaitHeaderAuth', name: 'Bench wait header auth' },
			},
		},
		headers: { [AUTH_HEADER]: BENCH_CALLBACK_SECRET },
	},
];

function workflowOf(side: Side): object {
	const id = (suffix: string) =>
		`b3c5d7e9-0000-4000-8000-000${SIDES.indexOf(side) + 1}0000000${suffix}`;
	const main = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id: side.workflowId,
		name: `Bench: ${side.label}`,
		nodes: [
			{
				id: id('1'),
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: id('a'),
				parameters: { httpMethod: 'POST', path: side.path, options: {} },
			},
			{
				id: id('2'),
				name: RESUME_URL_NODE,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					assignments: {
						assignments: [
							{
								id: id('b'),
								name: 'resumeUrl',
								value: '={{ $execution.resumeUrl }}',
								type: 'string',
							},
						],
					},
					includeOtherFields: true,
					options: {},
				},
			},
			{ id: id('3'), name: side.nodeName, position: [440, 0], ...side.node },
			{
				id: id('4'),
				name: NEXT_NODE,
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [660, 0],
				parameters: {},
			},
		],
		connections: {
			Start: main(RESUME_URL_NODE),
			[RESUME_URL_NODE]: main(side.nodeName),
			[side.nodeName]: main(NEXT_NODE),
		},
		settings: { executionOrder: 'v1' },
	};
}

/** `inspector` (`host:port`): where SIGUSR1 opens n8n's inspector, to profile a missed target. */
export async function prepareWaitN8n(
	sandbox: SandboxEndpoint,
	port: number,
	inspector: string,
): Promise<N8nInstance> {
	const instance = await preparedInstance(sandbox, {
		folder: 'bench-wait',
		port,
		inspector,
		callbackSecret: BENCH_CALLBACK_SECRET,
	});
	await importHeaderAuth(instance, {
		id: 'benchWaitHeaderAuth',
		name: 'Bench wait header auth',
		header: AUTH_HEADER,
		value: BENCH_CALLBACK_SECRET,
	});
	await importPublished(
		instance,
		SIDES.map((side) => ({ id: side.workflowId, workflow: workflowOf(side) })),
	);
	return instance;
}
