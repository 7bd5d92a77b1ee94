/**
 * The Pay node run as an AI agent's tool (the Pay Tool), through n8n-core's own tool path, against
 * the sandbox: what moves money is refused unless the user allowed it, and then only within the
 * user's limits; the rest works as in a workflow; the agent never gets secrets back.
 */
import { readFileSync } from 'fs';
import type { IDataObject } from 'n8n-workflow';
import { join } from 'path';

import type { Sandbox } from '../../../../sandbox';
import { EXAMPLES_DIR } from '../../../../scripts/n8nRuntime/paths';
import { runPayNode } from '../../../harness/runWorkflow';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { runDataText, secretsFoundIn } from '../../../harness/secretScan';
import {
	firstAnswer,
	toolCredentialsHelper,
	runAgentWithPayTool,
	TOOL_TYPE,
} from './scriptedAgent';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const WITHDRAW = 'POST /withdraw/co/';

/** A withdrawal with every field typed in the node, as a careful user sets it up. */
const fixedWithdrawal = {
	resource: 'withdrawal',
	operation: 'withdraw',
	amount: 20_000,
	keyValue: '3001234567',
	accountHolderName: 'Ana Gomez',
	accountType: '8',
	callbackUrl: '',
};
const allowed = { toolAllowMoneyMovement: true, toolMaxAmount: 50_000 };
/** Allowed, the amount the agent's: each call a different payment. */
const agentChoosesAmount = {
	...fixedWithdrawal,
	...allowed,
	toolAgentChoosesAmount: true,
	amount: "={{ $fromAI('amount', 'Whole COP to withdraw', 'number') }}",
};

const agent = (parameters: IDataObject, calls: IDataObject[]) =>
	runAgentWithPayTool({
		parameters: parameters as never,
		calls,
		credentials: sandboxCredentials(sandbox),
	});

describe('Pay Tool: moving money is off by default', () => {
	it('refuses a withdrawal with an answer the agent can relay, and sends nothing', async () => {
		const { results, toolDescription } = await agent(fixedWithdrawal, [{}]);
		expect(firstAnswer(results[0])).toMatchObject({
			sent: false,
			outcome: 'not_sent',
			reason: 'money_not_allowed',
		});
		expect(String(firstAnswer(results[0]).message)).toContain('Allow the AI Agent to Move Money');
		expect(toolDescription).toContain('moves real money');
		expect(await sandbox.control.count(WITHDRAW)).toBe(0);
	});

	it('refuses a transfer and a card charge alike', async () => {
		const send = await agent(
			{ resource: 'transfer', operation: 'send', recipient: 'friend', amount: 1000 },
			[{}],
		);
		expect(firstAnswer(send.results[0]).reason).toBe('money_not_allowed');
		const charge = await agent(
			{ resource: 'card', operation: 'charge', cardUuid: 'any', slug: 'any', cvv: '123' },
			[{}],
		);
		expect(firstAnswer(charge.results[0]).reason).toBe('money_not_allowed');
		expect(await sandbox.control.count('POST /send/')).toBe(0);
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(0);
	});
});

describe('Pay Tool: allowed, within the limits the user set', () => {
	it('withdraws the fixed amount to the fixed key once allowed', async () => {
		const { results } = await agent({ ...fixedWithdrawal, ...allowed }, [{}]);
		expect(firstAnswer(results[0])).toMatchObject({ amount: 20_000, key_value: '3001234567' });
		const withdrawals = await sandbox.control.withdrawals();
		expect(withdrawals.map((withdrawal) => withdrawal.amount)).toEqual([20_000]);
	});

	it('refuses an amount the agent chose above the maximum, and sends one within it', async () => {
		const parameters = {
			...fixedWithdrawal,
			...allowed,
			toolAgentChoosesAmount: true,
			amount: "={{ $fromAI('amount', 'Whole COP to withdraw', 'number') }}",
		};
		const { results } = await agent(parameters, [{ amount: 90_000 }, { amount: 30_000 }]);
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'above_maximum' });
		expect(firstAnswer(results[0]).message).toContain('50000 COP');
		expect(firstAnswer(results[1])).toMatchObject({ amount: 30_000 });
		expect((await sandbox.control.withdrawals()).map((w) => w.amount)).toEqual([30_000]);
	});

	it('refuses calls past the maximum number per execution; a new execution starts again', async () => {
		const parameters = { ...agentChoosesAmount, toolMaxCallsPerExecution: 2 };
		const { results } = await agent(parameters, [
			{ amount: 1_000 },
			{ amount: 2_000 },
			{ amount: 3_000 },
		]);
		expect(results.map((result) => firstAnswer(result).reason)).toEqual([
			undefined,
			undefined,
			'call_limit',
		]);
		expect(await sandbox.control.count(WITHDRAW)).toBe(2);
		const next = await agent(parameters, [{ amount: 3_000 }]);
		expect(firstAnswer(next.results[0]).reason).toBeUndefined();
		expect(await sandbox.control.count(WITHDRAW)).toBe(3);
	});

	it('by default allows one money-moving call per execution', async () => {
		const { results } = await agent(agentChoosesAmount, [{ amount: 1_000 }, { amount: 2_000 }]);
		expect(firstAnswer(results[1]).reason).toBe('call_limit');
		expect(await sandbox.control.count(WITHDRAW)).toBe(1);
	});

	it('a model repeating the same call in one execution does not pay twice, and the repeat uses no call', async () => {
		const parameters = { ...agentChoosesAmount, toolMaxCallsPerExecution: 2 };
		const { results } = await agent(parameters, [
			{ amount: 4_000 },
			{ amount: 4_000 },
			{ amount: 5_000 },
		]);
		expect(firstAnswer(results[0]).amount).toBe(4_000);
		expect(firstAnswer(results[1])).toMatchObject({ outcome: 'already_sent' });
		expect(firstAnswer(results[2]).amount).toBe(5_000);
		expect((await sandbox.control.withdrawals()).map((w) => w.amount)).toEqual([4_000, 5_000]);
		// The repeat stopped at n8n's record of the reference: it never reached the service.
		expect(await sandbox.control.count(WITHDRAW)).toBe(2);
	});

	it('a call whose lost answer the service shows went through moved money: it keeps its place in the limit', async () => {
		await sandbox.control.injectFault({ route: 'POST /send/', status: 500, afterProcessing: true });
		const parameters = {
			resource: 'transfer',
			operation: 'send',
			recipient: 'friend',
			...allowed,
			toolMaxCallsPerExecution: 2,
			toolAgentChoosesAmount: true,
			amount: "={{ $fromAI('amount', 'Whole COP to send', 'number') }}",
		};
		const { results } = await agent(parameters, [
			{ amount: 1_000 },
			{ amount: 2_000 },
			{ amount: 3_000 },
		]);
		expect(firstAnswer(results[0])).toMatchObject({ outcome: 'sent', resolved_by: 'GET /send/' });
		expect(firstAnswer(results[2]).reason).toBe('call_limit');
		expect(
			sandbox.state.transfers
				.filter((transfer) => transfer.toUser === 'friend')
				.map((transfer) => transfer.amount),
		).toEqual([1_000, 2_000]);
	});

	it('refuses a key the agent chose that is not on the allow-list', async () => {
		const parameters = {
			...fixedWithdrawal,
			...allowed,
			toolMaxCallsPerExecution: 5,
			toolAgentChoosesRecipient: true,
			toolAllowedRecipients: '3001234567, @ok.alias',
			keyValue: "={{ $fromAI('key', 'Bre-B key of the payee') }}",
			accountHolderName: "={{ $fromAI('holder', 'Name of the payee') }}",
		};
		const { results } = await agent(parameters, [
			{ key: '@attacker', holder: 'Eve' },
			{ key: '@OK.alias', holder: 'Ana Gomez' },
		]);
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'recipient_not_allowed' });
		expect(firstAnswer(results[1]).key_value).toBe('@OK.alias');
		expect(await sandbox.control.count(WITHDRAW)).toBe(1);
	});

	it('takes a mobile number on the allow-list however the agent writes it, and no other', async () => {
		const parameters = {
			...fixedWithdrawal,
			...allowed,
			toolMaxCallsPerExecution: 5,
			toolAgentChoosesRecipient: true,
			toolAllowedRecipients: '300 123 4567',
			keyValue: "={{ $fromAI('key', 'Bre-B key of the payee') }}",
		};
		const { results } = await agent(parameters, [
			{ key: '3001234568' },
			{ key: '+57 (300) 123-4567' },
		]);
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'recipient_not_allowed' });
		expect(firstAnswer(results[1]).key_value).toBe('3001234567');
		expect(await sandbox.control.count(WITHDRAW)).toBe(1);
	});

	it('refuses every call while no maximum amount is set', async () => {
		const { results } = await agent({ ...fixedWithdrawal, toolAllowMoneyMovement: true }, [{}]);
		expect(firstAnswer(results[0]).reason).toBe('no_maximum_amount');
		expect(await sandbox.control.count(WITHDRAW)).toBe(0);
	});

	it('checks a card charge against the maximum with the amount of the payment link it pays', async () => {
		const created = await runPayNode({
			parameters: {
				resource: 'payment',
				operation: 'create',
				amount: 80_000,
				description: 'Big',
				payerRedirectUrl: 'https://shop.example/thanks',
				callbackUrl: 'https://hooks.example/webhook/pay',
			},
			credentials: sandboxCredentials(sandbox),
		});
		const slug = created.items[0].json.slug as string;
		expect(slug).toBeTruthy();
		const { results } = await agent(
			{ resource: 'card', operation: 'charge', cardUuid: 'card-1', slug, cvv: '123', ...allowed },
			[{}],
		);
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'above_maximum' });
		expect(firstAnswer(results[0]).message).toContain('80000 COP');
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(0);
	});
});

describe('Pay Tool: what the user fixed stays fixed', () => {
	it('refuses a fixed amount that is mapped with an expression (the model can reach $json)', async () => {
		const { results } = await agent(
			{ ...fixedWithdrawal, ...allowed, amount: '={{ $json.amount }}' },
			[{}],
		);
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'fixed_field_mapped' });
		expect(firstAnswer(results[0]).message).toContain('Let the Agent Choose the Amount');
		expect(await sandbox.control.count(WITHDRAW)).toBe(0);
	});

	it('refuses a call whose arguments ask for another amount than the fixed one, naming it', async () => {
		// As n8n 2.41's agent runs a tool: the node itself, its input item the model's arguments.
		const { items } = await runPayNode({
			nodeName: TOOL_TYPE,
			parameters: { ...fixedWithdrawal, ...allowed } as never,
			input: [{ amount: 900_000, toolCallId: 'call-1' }],
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: await toolCredentialsHelper(),
		});
		expect(items[0].json).toMatchObject({ sent: false, reason: 'fixed_value' });
		expect(items[0].json.message).toContain('20000');
		expect(await sandbox.control.count(WITHDRAW)).toBe(0);
	});
});

describe('Pay Tool: what needs no permission', () => {
	it('reads a payment link, estimates fees and lists banks as in a workflow', async () => {
		const created = await runPayNode({
			parameters: {
				resource: 'payment',
				operation: 'create',
				amount: 15_000,
				description: 'Tea',
				payerRedirectUrl: 'https://shop.example/thanks',
				callbackUrl: 'https://hooks.example/webhook/pay',
			},
			credentials: sandboxCredentials(sandbox),
		});
		const slug = created.items[0].json.slug as string;
		const read = await agent({ resource: 'payment', operation: 'get', slug }, [{}]);
		expect(firstAnswer(read.results[0])).toMatchObject({ slug, amount: 15_000 });
		const fees = await agent(
			{
				resource: 'payment',
				operation: 'estimateFees',
				amount: "={{ $fromAI('amount', 'COP', 'number') }}",
			},
			[{ amount: 100_000 }],
		);
		expect(firstAnswer(fees.results[0]).amount).toBe(100_000);
		const banks = await agent({ resource: 'checkout', operation: 'listBanks' }, [{}]);
		expect(banks.results[0].answer?.length).toBeGreaterThan(0);
	});

	it('creates a payment link with the amount the agent gives', async () => {
		const { results } = await agent(
			{
				resource: 'payment',
				operation: 'create',
				amount: "={{ $fromAI('amount', 'COP', 'number') }}",
				description: 'Order',
				payerRedirectUrl: 'https://shop.example/thanks',
				callbackUrl: 'https://hooks.example/webhook/pay',
			},
			[{ amount: 12_500 }],
		);
		expect(firstAnswer(results[0])).toMatchObject({ amount: 12_500 });
		expect((await sandbox.control.payments()).map((payment) => payment.amount)).toEqual([12_500]);
	});

	it('keeps card register and delete out of tool use', async () => {
		for (const operation of ['register', 'delete']) {
			const { results } = await agent({ resource: 'card', operation, cardUuid: 'card-1' }, [{}]);
			expect(firstAnswer(results[0])).toMatchObject({
				sent: false,
				reason: 'not_available_to_agents',
			});
		}
		expect(await sandbox.control.counters()).toEqual({});
	});

	it('keeps the waiting operations out of tool use: an agent cannot pause the execution', async () => {
		const waiting = [
			{ resource: 'payment', operation: 'createAndWait', amount: 10_000, description: 'x' },
			{ ...fixedWithdrawal, ...allowed, operation: 'withdrawAndWait' },
		];
		for (const parameters of waiting) {
			const { results } = await agent(parameters, [{}]);
			const answer = firstAnswer(results[0]);
			expect(answer).toMatchObject({ sent: false, reason: 'not_available_to_agents' });
			expect(String(answer.message)).toContain('pauses the execution');
		}
		expect(await sandbox.control.counters()).toEqual({});
	});
});

describe('Pay Tool: what the agent gets back', () => {
	it('carries no token, callback secret, OTP or card data, even when the service echoes them', async () => {
		const credentials = sandboxCredentials(sandbox);
		await sandbox.control.injectFault({
			route: WITHDRAW,
			afterProcessing: true,
			body: 'json',
			json: {
				id: 9,
				amount: 20_000,
				state: 0,
				callback: `https://example.test/cb?token=${String(credentials.callbackSecret)}`,
				access_token: 'leaked-access-token-123',
				cvv: '987',
				card_number: '4111111111111111',
			},
		});
		const run = await runAgentWithPayTool({
			parameters: { ...fixedWithdrawal, ...allowed } as never,
			calls: [{}],
			credentials,
		});
		const answer = firstAnswer(run.results[0]);
		expect(answer).toMatchObject({ id: 9, amount: 20_000 });
		const seen = JSON.stringify(run.results);
		const secrets = [
			String(credentials.callbackSecret),
			String(credentials.apiKey),
			'leaked-access-token-123',
			'4111111111111111',
		];
		expect(secretsFoundIn(seen, secrets)).toEqual([]);
		expect(secretsFoundIn(seen, ['987'])).toEqual([]);
		expect(secretsFoundIn(runDataText(run.run.data.resultData.runData.Agent), secrets)).toEqual([]);
	});
});

describe('the AI agent example (examples/ai-agent-payout.json)', () => {
	const example = JSON.parse(readFileSync(join(EXAMPLES_DIR, 'ai-agent-payout.json'), 'utf8')) as {
		nodes: Array<{ name: string; type: string; parameters: IDataObject }>;
		connections: Record<string, Record<string, Array<Array<{ node: string }>>>>;
	};
	const node = (type: string) => example.nodes.find((candidate) => candidate.type.endsWith(type))!;

	it('puts Human review between the AI Agent and the Pay Tool, showing $tool.parameters, with no wait limit', () => {
		const pay = node('.payTool');
		const review = node('HitlTool');
		expect(example.connections[pay.name].ai_tool[0][0].node).toBe(review.name);
		expect(example.connections[review.name].ai_tool[0][0].node).toBe(node('.agent').name);
		expect(String(review.parameters.message)).toContain('$tool.parameters');
		expect(review.parameters.options).not.toHaveProperty('limitWaitTime');
	});

	it("pays within its limits and refuses above them, with the example's own Pay Tool settings", async () => {
		const { results } = await agent(node('.payTool').parameters, [
			{ amount: 60_000 },
			{ amount: 20_000 },
			{ amount: 15_000 },
		]);
		expect(results.map((result) => firstAnswer(result).reason)).toEqual([
			'above_maximum',
			undefined,
			'call_limit',
		]);
		expect((await sandbox.control.withdrawals()).map((w) => [w.amount, w.keyValue])).toEqual([
			[20_000, '@demo.payouts'],
		]);
	});
});
