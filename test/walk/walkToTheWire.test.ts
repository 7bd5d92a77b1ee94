/**
 * The walk from an entry point to the wire, measured rather than told (CONTRIBUTING.md, "What
 * happens to one item"): V8's coverage names every package file a run enters before its request
 * leaves, in the order first entered. What a reader needs of it: a success enters no failure file,
 * the transport's rooms are entered from the top down, and CONTRIBUTING lists each walk as
 * measured here (written by `npm run docs:walks`, never by hand).
 */
import type { Sandbox } from '../../sandbox';
import type { TestCredentialsHelper } from '../harness/credentialsHelper';
import { TRANSFER_FROM_ITEMS } from '../harness/parameters';
import { PollTriggerHarness } from '../harness/pollTriggerHarness';
import { runPayNode, shutDownEngine } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { filesEnteredToTheWire } from '../harness/walkToTheWire';
import { replayCallback, slugsOf, waitForLinks } from '../nodes/Pay/waiting/linkWaits';
import {
	handOver,
	undescribed,
	walkInContributing,
	walkList,
	WALKS_OUTPUT_VARIABLE,
} from './contributingWalks';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
afterAll(shutDownEngine);

/**
 * The transport's failure files: what a failure means, its words and errors, what the last failure
 * becomes, and asking the service before `unknown`. A request that succeeds runs none of them.
 */
const FAILURE_FILES = [
	/^nodes\/shared\/transport\/meaning\//,
	/^nodes\/shared\/transport\/wire\/failure(Body)?\.ts$/,
	/^nodes\/shared\/transport\/request\/(lastFailure|askBeforeUnknown|serviceReader)\.ts$/,
];
const failureFilesIn = (walk: string[]) =>
	walk.filter((file) => FAILURE_FILES.some((pattern) => pattern.test(file)));

/** The transport's rooms, from the top down (CONTRIBUTING.md, "The transport's rooms"). */
const ROOMS = ['request', 'neverTwice', 'meaning', 'wire', 'terms'];
const TRANSPORT_ROOM = /^nodes\/shared\/transport\/([^/]+)\//;

/** The transport's rooms a walk enters, in the order it first enters each. */
function roomsIn(walk: string[]): string[] {
	const rooms = walk.flatMap((file) => TRANSPORT_ROOM.exec(file)?.[1] ?? []);
	return rooms.filter((room, index) => rooms.indexOf(room) === index);
}

/** A walk enters the transport's rooms from the top down: each once, none above one it left. */
function expectRoomsFromTheTopDown(walk: string[]): void {
	const entered = roomsIn(walk);
	expect(entered).toEqual(ROOMS.filter((room) => entered.includes(room)));
}

/**
 * The walk is as CONTRIBUTING.md lists it, each file with what it does there; under
 * `npm run docs:walks`, handed to it to write there instead.
 */
function expectListedInContributing(walk: string, files: string[]): void {
	expect(undescribed(files)).toEqual([]);
	const list = walkList(files);
	const output = process.env[WALKS_OUTPUT_VARIABLE];
	if (output) handOver(output, { walk, list });
	else expect(walkInContributing(walk)).toBe(list);
}

describe('the walk from the entry point to the wire', () => {
	it('one Transfer → Send item enters no failure file, the request, never-twice and wire rooms, and the files CONTRIBUTING lists', async () => {
		let credentialsHelper: TestCredentialsHelper | undefined;
		const transfer = async (amount: number) => {
			const run = await runPayNode({
				parameters: TRANSFER_FROM_ITEMS as never,
				input: [{ to: 'friend', amount }],
				credentials: sandboxCredentials(sandbox),
				// As in n8n, the credential keeps its access token from one execution to the next.
				credentialsHelper,
				workflowId: `walk-${amount}`,
			});
			credentialsHelper = run.credentials;
			expect(run.items[0].json).toMatchObject({ sent: true, amount });
		};
		await transfer(1001);
		const walk = await filesEnteredToTheWire(
			async () => await transfer(1002),
			(request) => request.method === 'POST' && request.path.endsWith('/send/'),
		);
		expect(failureFilesIn(walk)).toEqual([]);
		expect(roomsIn(walk)).toEqual(['request', 'neverTwice', 'wire']);
		expectRoomsFromTheTopDown(walk);
		expectListedInContributing('One Transfer → Send item', walk);
	});

	it('a Create and Wait callback enters no failure file and the files CONTRIBUTING lists, up to its read of the link', async () => {
		const callbackToNewWait = async (invoice: string) => {
			const run = await waitForLinks(sandbox, [{ amount: 50000, invoice }]);
			const slug = slugsOf(run)[0];
			await sandbox.control.pay(slug);
			return async () => {
				const answer = await replayCallback(sandbox, run, slug);
				expect(answer.items).toEqual([expect.objectContaining({ payment_outcome: 'paid' })]);
			};
		};
		await (
			await callbackToNewWait('WALK-1')
		)();
		const callback = await callbackToNewWait('WALK-2');
		const walk = await filesEnteredToTheWire(
			callback,
			(request) => request.method === 'GET' && request.path.includes('/pay_detail/'),
		);
		expect(failureFilesIn(walk)).toEqual([]);
		expectRoomsFromTheTopDown(walk);
		expectListedInContributing('A Create and Wait callback', walk);
	});

	it('a poll of the Pay Money Received Trigger enters no failure file and the files CONTRIBUTING lists, up to its read of the transfer list', async () => {
		const poller = await PollTriggerHarness.create(
			{ account: 'demo', options: {} } as never,
			sandboxCredentials(sandbox),
		);
		await poller.activate();
		await poller.tick();
		const walk = await filesEnteredToTheWire(
			async () => await poller.tick(),
			(request) => request.method === 'GET' && request.path.endsWith('/send/'),
		);
		expect(failureFilesIn(walk)).toEqual([]);
		expectRoomsFromTheTopDown(walk);
		expectListedInContributing('A poll of the Pay Money Received Trigger', walk);
	});
});
