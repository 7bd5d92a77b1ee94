/**
 * The Pay Tool under n8n's own AI Agent, in the newest real n8n (2.41.1): the agent's chat model is
 * n8n's OpenAI chat-model node, its credential's Base URL pointing at a scripted OpenAI-compatible
 * server on loopback that answers with tool calls. Each workflow runs with `n8n execute`; the
 * sandbox's request counters and withdrawals show what reached the service.
 *
 * Ports: 5950 (n8n, and its task broker on 5960-5961) and 5970 (the scripted model), inside the
 * range this test may use on a shared machine.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';
import {
	executeWorkflow,
	importCredentials,
	importWorkflow,
} from '../../scripts/n8nRuntime/n8nCli';
import type { CliExecution } from '../../scripts/n8nRuntime/n8nCli';
import { N8N_NEWEST } from '../../scripts/n8nRuntime/releases';
import { prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import { startScriptedOpenAi } from './scriptedOpenAi';
import type { ScriptedOpenAi, ScriptedTurn } from './scriptedOpenAi';

jest.setTimeout(180_000);

const N8N_PORT = 5950;
const MODEL_PORT = 5970;
const MODEL_CREDENTIAL = { id: 'scriptedOpenAiModel', name: 'Scripted model' };
const WITHDRAW = 'POST /withdraw/co/';

/** Each workflow's conversation: the tool calls the "model" makes, turn by turn. */
const scripts: Record<string, ScriptedTurn[]> = {
	// One withdrawal of the amount typed in the node.
	refusedByDefault: [[{}]],
	// The agent chooses amounts: within the cap, above it, within, then past the call limit of 2.
	withinLimits: [
		[{ amount: 20_000 }],
		[{ amount: 90_000 }],
		[{ amount: 10_000 }],
		[{ amount: 5_000 }],
	],
	// The model sends the same transfer twice (a retry): the second finds the first's reference in
	// n8n's database. A transfer carries no idempotency key, so nothing else could stop it.
	repeated: [[{ amount: 7_000 }], [{ amount: 7_000 }]],
	// The amount is fixed at 20000 in the node; the model's call asks for 45000.
	overrideFixed: [[{ amount: 45_000 }]],
};

const fixedWithdrawal = {
	resource: 'withdrawal',
	operation: 'withdraw',
	amount: 20_000,
	keyValue: '3001234567',
	accountHolderName: 'Ana Gomez',
	accountType: '8',
	callbackUrl: '',
};

const workflows: Record<string, Record<string, unknown>> = {
	refusedByDefault: fixedWithdrawal,
	withinLimits: {
		...fixedWithdrawal,
		amount: "={{ $fromAI('amount', 'Whole COP to withdraw', 'number') }}",
		toolAllowMoneyMovement: true,
		toolMaxAmount: 50_000,
		toolMaxCallsPerExecution: 2,
		toolAgentChoosesAmount: true,
	},
	overrideFixed: {
		...fixedWithdrawal,
		toolAllowMoneyMovement: true,
		toolMaxAmount: 50_000,
	},
	repeated: {
		resource: 'transfer',
		operation: 'send',
		recipient: 'friend',
		amount: "={{ $fromAI('amount', 'COP to send', 'number') }}",
		toolAllowMoneyMovement: true,
		toolMaxAmount: 50_000,
		toolMaxCallsPerExecution: 2,
		toolAgentChoosesAmount: true,
	},
};

function agentWorkflow(script: string, payToolParameters: Record<string, unknown>) {
	return {
		id: `payAiAgent${script[0].toUpperCase()}${script.slice(1)}`,
		name: `Pay AI agent: ${script}`,
		active: false,
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [220, 0],
				parameters: {
					promptType: 'define',
					text: `[script:${script}] Pay out the supplier's invoice.`,
					options: {},
				},
			},
			{
				id: 'model',
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [140, 220],
				parameters: { model: { __rl: true, value: 'gpt-4o-mini', mode: 'list' }, options: {} },
				credentials: { openAiApi: MODEL_CREDENTIAL },
			},
			{
				id: 'tool',
				name: 'Pay Tool',
				type: 'n8n-nodes-pay.payTool',
				typeVersion: 1,
				position: [320, 220],
				parameters: payToolParameters,
				credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
			},
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			'Pay Tool': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** What each tool call answered, as the agent saw it (the scripted model echoes the tool results). */
function toolAnswers(result: CliExecution): Array<Record<string, unknown>> {
	const output = String(result.outputs['AI Agent']?.[0]?.output ?? '');
	const { toolResults } = JSON.parse(output) as { toolResults: string[] };
	return toolResults.map((text) => {
		const parsed = JSON.parse(text) as unknown;
		return (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown>;
	});
}

describe(`the Pay Tool under an AI Agent in n8n ${N8N_NEWEST.version}`, () => {
	let sandbox: Sandbox;
	let n8n: LocalN8n;
	let model: ScriptedOpenAi;
	const ids: Record<string, string> = {};

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		model = await startScriptedOpenAi(MODEL_PORT, scripts);
		n8n = await prepareLocalN8n(sandbox, {
			folder: 'e2e-ai-agent',
			port: N8N_PORT,
			release: N8N_NEWEST,
		});
		const credentialFile = join(n8n.instance.userFolder, 'model-credential.json');
		writeFileSync(
			credentialFile,
			JSON.stringify([
				{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.url } },
			]),
		);
		await importCredentials(n8n.instance, credentialFile);
		for (const [script, parameters] of Object.entries(workflows)) {
			const workflow = agentWorkflow(script, parameters);
			const file = join(n8n.instance.userFolder, `${workflow.id}.json`);
			writeFileSync(file, JSON.stringify(workflow));
			await importWorkflow(n8n.instance, file);
			ids[script] = workflow.id;
		}
	}, 30 * 60_000);

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	beforeEach(async () => await sandbox.control.reset());

	it('refuses a withdrawal by default: the agent gets the refusal, the sandbox no request', async () => {
		const result = await executeWorkflow(n8n.instance, ids.refusedByDefault);
		expect(result.errors).toEqual({});
		const [answer] = toolAnswers(result);
		expect(answer).toMatchObject({ sent: false, reason: 'money_not_allowed' });
		expect(await sandbox.control.count(WITHDRAW)).toBe(0);
		// The model was told, in the tool's description, that it moves real money.
		const offered = model.requests.at(-1)?.tools?.[0]?.function?.description ?? '';
		expect(offered).toContain('moves real money');
	});

	it('once allowed, withdraws within the cap and refuses above it and past the call limit', async () => {
		const result = await executeWorkflow(n8n.instance, ids.withinLimits);
		expect(result.errors).toEqual({});
		const answers = toolAnswers(result);
		expect(answers.map((answer) => answer.reason)).toEqual([
			undefined,
			'above_maximum',
			undefined,
			'call_limit',
		]);
		expect(answers[0]).toMatchObject({ amount: 20_000, key_value: '3001234567' });
		expect((await sandbox.control.withdrawals()).map((withdrawal) => withdrawal.amount)).toEqual([
			20_000, 10_000,
		]);
		expect(await sandbox.control.count(WITHDRAW)).toBe(2);
	});

	it('a model repeating the same transfer does not pay twice: the repeat answers already_sent', async () => {
		const result = await executeWorkflow(n8n.instance, ids.repeated);
		expect(result.errors).toEqual({});
		const answers = toolAnswers(result);
		expect(answers[0]).toMatchObject({ sent: true, amount: 7_000 });
		expect(answers[1]).toMatchObject({ outcome: 'already_sent' });
		expect((await sandbox.control.account('friend')).balance).toBe(7_000);
	});

	it('a scripted amount that tries to override the fixed one does not reach the sandbox', async () => {
		const result = await executeWorkflow(n8n.instance, ids.overrideFixed);
		expect(result.errors).toEqual({});
		const [answer] = toolAnswers(result);
		expect(answer).toMatchObject({ sent: false, reason: 'fixed_value' });
		expect(await sandbox.control.count(WITHDRAW)).toBe(0);
		expect(await sandbox.control.withdrawals()).toEqual([]);
	});
});
