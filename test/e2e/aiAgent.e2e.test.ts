/**
 * The Pay Tool under n8n's own AI Agent, in the newest real n8n (2.41.1): the agent's chat model is
 * n8n's OpenAI chat-model node, its credential's Base URL pointing at a scripted OpenAI-compatible
 * server on loopback that answers with tool calls. Each workflow runs with `n8n execute`. Every
 * limit the README promises for the Pay Tool has a check here, and each check counts what the
 * sandbox carried out (its request counters, balances, withdrawals, payment states, charged cards),
 * not only what the tool answered.
 *
 * Ports: PAY_E2E_PORT + 262 (n8n, 5950 by default; its task broker on the 10 and 11 above) and
 * PAY_E2E_PORT + 282 (the scripted model, 5970 by default).
 */
import { writeFileSync } from 'fs';
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import {
	executeWorkflow,
	importCredentials,
	importWorkflow,
} from '../../scripts/n8nRuntime/n8nCli';
import type { CliExecution } from '../../scripts/n8nRuntime/n8nCli';
import { N8N_NEWEST } from '../../scripts/n8nRuntime/releases';
import { secretsFoundIn } from '../harness/secretScan';
import { createPayment, login, registerCardWithApi } from '../sandbox/apiClient';
import { agentWorkflow, agentWorkflowId, MODEL_CREDENTIAL, toolAnswers } from './agentWorkflow';
import { E2E_CALLBACK_SECRET, E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import { startScriptedOpenAi } from './scriptedOpenAi';
import type { ScriptedOpenAi, ScriptedTurn } from './scriptedOpenAi';

jest.setTimeout(180_000);

const N8N_PORT = E2E_PORT + 262;
const MODEL_PORT = E2E_PORT + 282;
const WITHDRAW = 'POST /withdraw/co/';
const SEND = 'POST /send/';
const CHARGE = 'POST /tc_payment/';
const CHECKOUT = 'POST /{url}';
const CVV = '4829';
const CARD_NUMBER = '5555555555554444';
/** Each link's callback goes to a closed port: nothing here listens for it. */
const CLOSED_CALLBACK = 'http://127.0.0.1:9/closed';

/**
 * Each workflow's conversation: the tool calls the "model" makes, turn by turn. The payment-link
 * scripts name links and a card the sandbox makes in the test, so the test writes them.
 */
const scripts: Record<string, ScriptedTurn[]> = {
	// One withdrawal of the amount typed in the node.
	refusedByDefault: [[{}]],
	noMaximum: [[{}]],
	// The agent chooses amounts: within the cap, above it, within, then past the call limit of 2.
	withinLimits: [
		[{ amount: 20_000 }],
		[{ amount: 90_000 }],
		[{ amount: 10_000 }],
		[{ amount: 5_000 }],
	],
	// The model sends the same transfer twice (a retry): the second finds the first's reference in
	// n8n's database. A transfer carries no idempotency key, so nothing else could stop it. The
	// repeat uses no call: a third, new one goes; a fourth is past the limit of 2.
	repeated: [[{ amount: 7_000 }], [{ amount: 7_000 }], [{ amount: 3_000 }], [{ amount: 4_000 }]],
	// Amount (20000) and key are fixed in the node; the model asks for others, then for nothing.
	overrideFixed: [[{ amount: 45_000 }], [{ keyValue: '@attacker' }], [{}]],
	// The "fixed" amount is an expression reading the tool's input, which
	// holds the model's arguments.
	mappedFixed: [[{ amount: 900_000 }]],
	// The agent chooses the key: one off the allow-list, then one on it (written in another case).
	allowedKeys: [[{ key: '@attacker', holder: 'Eve' }], [{ key: '@OK.alias', holder: 'Ana Gomez' }]],
	// The agent chooses the recipient: one off the allow-list, one on it, then that one again.
	allowedRecipient: [
		[{ recipient: 'mallory' }],
		[{ recipient: 'friend' }],
		[{ recipient: 'friend' }],
	],
	// The service refuses the first transfer (balance too low): the call gives its place back.
	placeBack: [[{ amount: 5_000 }], [{ amount: 2_000 }]],
	// The first key is no valid alias: the withdrawal never leaves, and its call is given back too.
	neverLeft: [[{ key: '@x', holder: 'Ana Gomez' }], [{ key: '@ok.alias', holder: 'Ana Gomez' }]],
	cardRegister: [[{ number: '4111111111111111' }]],
	chargeLinkAmount: [],
	checkoutAmount: [],
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
const allowed = { toolAllowMoneyMovement: true, toolMaxAmount: 50_000 };
const transferToFriend = {
	resource: 'transfer',
	operation: 'send',
	recipient: 'friend',
	amount: "={{ $fromAI('amount', 'COP to send', 'number') }}",
	...allowed,
	toolAgentChoosesAmount: true,
};
/**
 * The agent picks the payment link (and card): the amount is the link's, whatever the model says.
 */
const linkChosenByAgent = {
	slug: "={{ $fromAI('slug', 'Slug of the payment link to pay') }}",
	...allowed,
	toolMaxCallsPerExecution: 2,
	toolAgentChoosesRecipient: true,
};

const workflows: Record<string, Record<string, unknown>> = {
	refusedByDefault: fixedWithdrawal,
	noMaximum: { ...fixedWithdrawal, toolAllowMoneyMovement: true },
	withinLimits: {
		...fixedWithdrawal,
		...allowed,
		amount: "={{ $fromAI('amount', 'Whole COP to withdraw', 'number') }}",
		toolMaxCallsPerExecution: 2,
		toolAgentChoosesAmount: true,
	},
	overrideFixed: { ...fixedWithdrawal, ...allowed },
	mappedFixed: { ...fixedWithdrawal, ...allowed, amount: '={{ $json.amount }}' },
	allowedKeys: {
		...fixedWithdrawal,
		...allowed,
		keyValue: "={{ $fromAI('key', 'Bre-B key of the payee') }}",
		accountHolderName: "={{ $fromAI('holder', 'Name of the payee') }}",
		toolAgentChoosesRecipient: true,
		toolAllowedRecipients: '3001234567, @ok.alias',
	},
	allowedRecipient: {
		...transferToFriend,
		amount: 5_000,
		recipient: "={{ $fromAI('recipient', 'Who to send to') }}",
		toolAgentChoosesAmount: false,
		toolAgentChoosesRecipient: true,
		toolAllowedRecipients: 'Friend',
		toolMaxCallsPerExecution: 2,
	},
	repeated: { ...transferToFriend, toolMaxCallsPerExecution: 2 },
	placeBack: transferToFriend,
	neverLeft: {
		...fixedWithdrawal,
		...allowed,
		keyValue: "={{ $fromAI('key', 'Bre-B key of the payee') }}",
		accountHolderName: "={{ $fromAI('holder', 'Name of the payee') }}",
		toolAgentChoosesRecipient: true,
	},
	cardRegister: {
		resource: 'card',
		operation: 'register',
		cardNumber: "={{ $fromAI('number', 'Card number') }}",
		holderName: 'ANA PEREZ',
		expiry: '12/30',
	},
	chargeLinkAmount: {
		resource: 'card',
		operation: 'charge',
		cardUuid: "={{ $fromAI('card', 'UUID of the saved card') }}",
		cvv: CVV,
		...linkChosenByAgent,
	},
	checkoutAmount: {
		resource: 'checkout',
		operation: 'payWithBreb',
		methodKey: 'breb',
		...linkChosenByAgent,
	},
};

describe(`the Pay Tool under an AI Agent in n8n ${N8N_NEWEST.version}`, () => {
	let sandbox: Sandbox;
	let n8n: LocalN8n;
	let model: ScriptedOpenAi;

	beforeAll(async () => {
		// Tokens outlive the whole run: a renewal would add a refused request to the counters.
		sandbox = await startSandbox({ port: 0, tokenTtlMs: 24 * 60 * 60_000 });
		await sandbox.control.createAccount({ username: 'mallory', phone: '3205550000' });
		model = await startScriptedOpenAi(MODEL_PORT, scripts);
		n8n = await prepareLocalN8n(sandbox, {
			folder: `e2e-ai-agent-${N8N_PORT}`,
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
		}
	}, 30 * 60_000);

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	let withdrawalsBefore = 0;
	/**
	 * Not a reset: it would forget the access token n8n keeps in the credential, and each test's
	 * first request would be refused (401) and sent again with a new one, counted twice. Balances
	 * and counters start again; withdrawals and cards are told apart by what each test made.
	 */
	beforeEach(async () => {
		await sandbox.control.resetCounters();
		await sandbox.control.clearFaults();
		await sandbox.control.updateAccount('demo', { balance: 1_000_000 });
		for (const username of ['friend', 'mallory'])
			await sandbox.control.updateAccount(username, { balance: 0 });
		withdrawalsBefore = (await sandbox.control.withdrawals()).length;
	});

	/** The withdrawals the sandbox carried out in this test. */
	async function newWithdrawals() {
		return (await sandbox.control.withdrawals()).slice(withdrawalsBefore);
	}

	/** Runs a script's workflow; n8n ends it without an error whatever the tool refused. */
	async function runAgent(script: string): Promise<CliExecution> {
		const result = await executeWorkflow(n8n.instance, agentWorkflowId(script));
		expect(result.errors).toEqual({});
		return result;
	}

	/** Two payment links, one above the tool's maximum of 50,000 and one within it. */
	async function twoLinks(): Promise<{ above: string; within: string }> {
		const client = await login(sandbox);
		const link = async (amount: number) =>
			(await createPayment(client, { amount, callback: CLOSED_CALLBACK })).url as string;
		return { above: await link(80_000), within: await link(30_000) };
	}

	describe('moving money is refused until the user allows it and sets a maximum', () => {
		it('refuses a withdrawal by default: the agent gets the refusal, the sandbox no request', async () => {
			const [answer] = toolAnswers(await runAgent('refusedByDefault'));
			expect(answer).toMatchObject({ sent: false, reason: 'money_not_allowed' });
			expect(await sandbox.control.count(WITHDRAW)).toBe(0);
			// The model was told, in the tool's description, that it moves real money.
			const offered = model.requests.at(-1)?.tools?.[0]?.function?.description ?? '';
			expect(offered).toContain('moves real money');
		});

		it('refuses every call while no maximum amount is set', async () => {
			const [answer] = toolAnswers(await runAgent('noMaximum'));
			expect(answer).toMatchObject({ sent: false, reason: 'no_maximum_amount' });
			expect(await sandbox.control.count(WITHDRAW)).toBe(0);
			expect(await newWithdrawals()).toEqual([]);
		});

		it('keeps card registration out of tool use: nothing reaches the service', async () => {
			const [answer] = toolAnswers(await runAgent('cardRegister'));
			expect(answer).toMatchObject({ sent: false, reason: 'not_available_to_agents' });
			expect(await sandbox.control.counters()).toEqual({});
			expect((await sandbox.control.cards()).map((card) => card.number)).not.toContain(
				'4111111111111111',
			);
		});
	});

	describe('the maximum amount and the number of calls', () => {
		it('once allowed, withdraws within the cap and refuses above it and past the call limit', async () => {
			const answers = toolAnswers(await runAgent('withinLimits'));
			expect(answers.map((answer) => answer.reason)).toEqual([
				undefined,
				'above_maximum',
				undefined,
				'call_limit',
			]);
			expect(answers[0]).toMatchObject({ amount: 20_000, key_value: '3001234567' });
			expect((await newWithdrawals()).map((withdrawal) => withdrawal.amount)).toEqual([
				20_000, 10_000,
			]);
			expect(await sandbox.control.count(WITHDRAW)).toBe(2);
		});

		it('a model repeating the same transfer does not pay twice, and the repeat uses no call', async () => {
			const answers = toolAnswers(await runAgent('repeated'));
			expect(answers[0]).toMatchObject({ sent: true, amount: 7_000 });
			expect(answers[1]).toMatchObject({ outcome: 'already_sent' });
			expect(answers[2]).toMatchObject({ sent: true, amount: 3_000 });
			expect(answers[3]).toMatchObject({ sent: false, reason: 'call_limit' });
			expect((await sandbox.control.account('friend')).balance).toBe(10_000);
			expect(await sandbox.control.count(SEND)).toBe(2);
		});

		it('a transfer the service refused gives its call back: the next one within the limit goes', async () => {
			await sandbox.control.updateAccount('demo', { balance: 3_000 });
			const result = await executeWorkflow(n8n.instance, agentWorkflowId('placeBack'));
			// n8n shows the service's refusal as the tool's error and hands it to the agent: what the
			// node was doing first, then the service's own words.
			expect(result.errors).toEqual({
				'Pay Tool':
					'The transfer of 5000 COP to friend: the service answered HTTP 422: Saldo insuficiente',
			});
			const answers = toolAnswers(result);
			expect(answers).toHaveLength(2);
			expect(JSON.stringify(answers[0])).toContain('Saldo insuficiente');
			expect(answers[1]).toMatchObject({ sent: true, amount: 2_000 });
			// Both reached the service; only the second was carried out.
			expect(await sandbox.control.count(SEND)).toBe(2);
			expect((await sandbox.control.account('friend')).balance).toBe(2_000);
			expect((await sandbox.control.account('demo')).balance).toBe(1_000);
		});

		it('a withdrawal that never left gives its call back too: the next one goes, once', async () => {
			const result = await executeWorkflow(n8n.instance, agentWorkflowId('neverLeft'));
			expect(result.errors['Pay Tool']).toContain('not a valid alias');
			const answers = toolAnswers(result);
			expect(answers).toHaveLength(2);
			expect(answers[1]).toMatchObject({ key_value: '@ok.alias', amount: 20_000 });
			const withdrawals = await newWithdrawals();
			expect(withdrawals.map((withdrawal) => withdrawal.keyValue)).toEqual(['@ok.alias']);
			expect(await sandbox.control.count(WITHDRAW)).toBe(1);
		});
	});

	describe('what the user fixed stays fixed', () => {
		it('a model asking for another amount or key than the fixed ones is refused; the fixed payment goes once', async () => {
			const answers = toolAnswers(await runAgent('overrideFixed'));
			expect(answers.map((answer) => answer.reason)).toEqual([
				'fixed_value',
				'fixed_value',
				undefined,
			]);
			expect(answers[1].message).toContain('3001234567');
			const withdrawals = await newWithdrawals();
			expect(withdrawals.map(({ amount, keyValue }) => ({ amount, keyValue }))).toEqual([
				{ amount: 20_000, keyValue: '3001234567' },
			]);
			expect(await sandbox.control.count(WITHDRAW)).toBe(1);
		});

		it("refuses a fixed amount mapped with an expression, which reads the model's arguments", async () => {
			const [answer] = toolAnswers(await runAgent('mappedFixed'));
			expect(answer).toMatchObject({ sent: false, reason: 'fixed_field_mapped' });
			expect(await sandbox.control.count(WITHDRAW)).toBe(0);
			expect(await newWithdrawals()).toEqual([]);
		});
	});

	describe('the allowed recipients', () => {
		it('a withdrawal to a key off the list is refused; one on it (any case) goes out once', async () => {
			const answers = toolAnswers(await runAgent('allowedKeys'));
			expect(answers[0]).toMatchObject({ sent: false, reason: 'recipient_not_allowed' });
			expect(answers[1]).toMatchObject({ key_value: '@OK.alias' });
			const withdrawals = await newWithdrawals();
			expect(withdrawals.map((withdrawal) => withdrawal.keyValue)).toEqual(['@OK.alias']);
			expect(await sandbox.control.count(WITHDRAW)).toBe(1);
		});

		it('a transfer to a recipient off the list is refused; one on it goes out once, its repeat is not paid', async () => {
			const answers = toolAnswers(await runAgent('allowedRecipient'));
			expect(answers[0]).toMatchObject({ sent: false, reason: 'recipient_not_allowed' });
			expect(answers[1]).toMatchObject({ sent: true, amount: 5_000 });
			expect(answers[2]).toMatchObject({ outcome: 'already_sent' });
			expect((await sandbox.control.account('mallory')).balance).toBe(0);
			expect((await sandbox.control.account('friend')).balance).toBe(5_000);
			expect(await sandbox.control.count(SEND)).toBe(1);
		});
	});

	describe("payments of a payment link: the amount is the link's, read from the service", () => {
		it('a card charge of a link above the maximum is refused whatever the model says; one within goes once', async () => {
			const { above, within } = await twoLinks();
			const card = await registerCardWithApi(await login(sandbox), CARD_NUMBER, 'ANA PEREZ');
			// The model claims a small amount: the tool checks the link's own.
			scripts.chargeLinkAmount = [
				[{ slug: above, card, amount: 1_000 }],
				[{ slug: within, card }],
				[{ slug: within, card }],
			];
			const heard = model.requests.length;
			const answers = toolAnswers(await runAgent('chargeLinkAmount'));
			expect(answers[0]).toMatchObject({ sent: false, reason: 'above_maximum' });
			expect(answers[0].message).toContain('80000 COP');
			expect(answers[1]).toMatchObject({ charged: true, slug: within });
			expect(answers[2]).toMatchObject({ outcome: 'already_sent' });
			expect(await sandbox.control.count(CHARGE)).toBe(1);
			expect((await sandbox.control.payment(above)).state).toBe(0);
			expect((await sandbox.control.payment(within)).state).toBe(3);
			const charged = (await sandbox.control.cards()).find(({ uuid }) => uuid === card);
			expect(charged?.chargedCvvs).toEqual([CVV]);
			// Nothing the model was sent holds the CVV, the card number or a credential secret.
			const secrets = [CVV, CARD_NUMBER, sandbox.demo.apiKey, sandbox.demo.refreshToken];
			const told = JSON.stringify(model.requests.slice(heard));
			expect(secretsFoundIn(told, [...secrets, E2E_CALLBACK_SECRET])).toEqual([]);
		});

		it('a Bre-B checkout of a link whose amount is unknown or above the maximum is refused; one within goes once', async () => {
			const { above, within } = await twoLinks();
			// The first read of a link answers no amount: that call is refused, nothing sent.
			await sandbox.control.injectFault({
				route: 'GET /pay_detail/{url}',
				afterProcessing: true,
				body: 'json',
				json: { url: within, state: 0, description: 'Invoice 1' },
			});
			scripts.checkoutAmount = [
				[{ slug: within }],
				[{ slug: above, amount: 1_000 }],
				[{ slug: within }],
				[{ slug: within }],
			];
			const answers = toolAnswers(await runAgent('checkoutAmount'));
			expect(answers[0]).toMatchObject({ sent: false, reason: 'amount_unknown' });
			expect(answers[1]).toMatchObject({ sent: false, reason: 'above_maximum' });
			expect(answers[1].message).toContain('80000 COP');
			expect(answers[2]).toMatchObject({ slug: within });
			expect(answers[2].qr_value).toBeTruthy();
			expect(answers[3]).toMatchObject({ outcome: 'already_sent' });
			expect(await sandbox.control.count(CHECKOUT)).toBe(1);
			expect((await sandbox.control.payment(above)).state).toBe(0);
			expect((await sandbox.control.payment(within)).state).toBe(1);
		});
	});
});
