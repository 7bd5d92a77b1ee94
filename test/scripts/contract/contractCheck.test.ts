/**
 * `npm run contract` against the sandbox in the jest project's profile: every call matches that
 * profile's shapes; with the other profile's expectations the differences are named; no route that
 * moves money is ever called; no secret, and no value that identifies anyone, in what it prints or
 * writes.
 */
import type { Sandbox } from '../../../sandbox';
import { secretsFoundIn } from '../../harness/secretScan';
import { secretsOf } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { TEST_CARD } from '../../../scripts/contract/testCard';
import { madeLink, runContract } from './runContract';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const MONEY_ROUTES = [
	'POST /send/',
	'POST /withdraw/co/',
	'POST /tc_payment/',
	'POST /pay/confirm_daviplata/',
];

/** Where the two profiles' answers differ, as the report must name it, by the shapes expected. */
const OTHER_PROFILE_DIFFERENCES = {
	// The observed sandbox's answers, against the spec's shapes.
	spec: [
		'`uuid` missing (expected string)',
		'`card_id` extra (string)',
		'`[0].fields.GOrdenId` extra (string)',
		'`[1].fields` extra (object)',
		'`description` extra (string)',
	],
	// The spec sandbox's answers, against real clients' shapes.
	observed: [
		'`card_id` missing (expected string)',
		'`[1].fields` missing (expected object)',
		'`description` missing (expected string)',
		'`(the answer)` of another type: expected object, came back array',
	],
};

describe('npm run contract against the sandbox', () => {
	beforeEach(async () => {
		await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount: 1500 });
	});

	test('every call matches the shapes of its own profile, reads and creates alike', async () => {
		const slug = await madeLink(sandbox);
		const run = await runContract(sandbox, [
			'--create',
			'--slug',
			slug,
			'--expect',
			sandbox.profile,
		]);
		expect(run.report.results.map((result) => [result.name, result.outcome])).toEqual(
			run.report.results.map((result) => [result.name, 'matches']),
		);
		expect(run.report.results).toHaveLength(19);
		expect(run.code).toBe(0);
		expect(run.printed).toContain(`Contract check against ${sandbox.baseUrl}`);
		expect(run.printed).toContain('All 19 calls made match.');
		const counters = await sandbox.control.counters();
		expect(counters['POST /{url}']).toBe(6);
		expect(counters['POST /register_tc/']).toBe(1);
		for (const route of MONEY_ROUTES) expect(counters[route]).toBeUndefined();
		// The card was deleted again, the link expired.
		expect(await sandbox.control.cards()).toEqual([]);
	});

	test("with the other profile's expectations, each difference is named", async () => {
		const other = sandbox.profile === 'spec' ? 'observed' : 'spec';
		const run = await runContract(sandbox, ['--create', '--expect', other, '--share']);
		expect(run.code).toBe(1);
		const differing = run.report.results.filter((result) => result.outcome === 'differs');
		expect(differing.map((result) => result.name)).toEqual(
			expect.arrayContaining([
				'Edit the link',
				'Checkout: breb',
				'Register the test card',
				'List cards',
			]),
		);
		for (const line of OTHER_PROFILE_DIFFERENCES[other]) expect(run.markdown).toContain(line);
		// --share prints the Markdown as written.
		expect(run.printed).toContain(run.markdown.trim());
	});

	test('by default it only reads, and compares with both readings', async () => {
		const run = await runContract(sandbox, []);
		expect(run.report.mode).toBe('read-only');
		expect(run.report.results.map((result) => result.outcome)).toEqual([
			'matches',
			'matches',
			'matches',
			'matches',
			'skipped',
		]);
		expect(run.code).toBe(0);
		const counters = await sandbox.control.counters();
		expect(Object.keys(counters).sort()).toEqual(
			[
				'GET /base/get_constants_key_public/',
				'GET /get_banks/1/',
				'GET /send/',
				'POST /token/refresh/',
			].sort(),
		);
	});

	test("a refusal is reported failed with the service's code, a 2xx failure body too", async () => {
		await sandbox.control.injectFault({ route: 'GET /send/', failure: { error: 'NOT_FOUND' } });
		const run = await runContract(sandbox, []);
		const transfers = run.report.results.find((result) => result.name === 'Transfer list');
		expect(transfers).toMatchObject({
			outcome: 'failed',
			status: 200,
			code: 'NOT_FOUND',
			nodeReading: ['the node reads this 2xx answer as a failure body'],
		});
		expect(run.code).toBe(1);

		const wrong = 'a-refresh-token-the-service-does-not-know';
		const refused = await runContract(sandbox, [], { PAY_REFRESH_TOKEN: wrong });
		expect(refused.report.results.map((result) => [result.name, result.outcome])).toEqual([
			['Token refresh', 'failed'],
			['Every other call', 'skipped'],
		]);
		expect(refused.report.results[0].status).toBe(401);
		expect(secretsFoundIn(refused.printed + refused.markdown, [wrong])).toEqual([]);
	});

	test('no secret and no identifying value in what it prints or writes', async () => {
		const slug = await madeLink(sandbox);
		const run = await runContract(sandbox, ['--create', '--slug', slug, '--share']);
		const text = [run.printed, run.markdown, JSON.stringify(run.report)].join('\n');
		const cards = sandbox.state.cards;
		const secrets = [
			...secretsOf(sandbox.demo),
			...sandbox.state.accessTokens.keys(),
			TEST_CARD.number,
			TEST_CARD.expiry,
			slug,
			...[...sandbox.state.payments.keys()],
			sandbox.demo.phone,
			sandbox.friend.phone,
			'Prueba Contrato',
			'contract-check@example.com',
		];
		expect(cards.size).toBe(0);
		expect(secretsFoundIn(text, secrets)).toEqual([]);
	});
});
