/**
 * What happens to the items of one run of the Pay node, top to bottom. Items are taken a few at
 * a time (Items at Once). Each one passes the Pay Tool's gate when an agent calls, has its fields
 * read and its requests sent by its operation (each request claimed, sent once, resolved with the
 * service when its answer is lost and recorded: shared/transport/request.ts), and leaves as an
 * output item or as an error item paired to its input.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	IDataObject,
	INodeProperties,
} from 'n8n-workflow';

import { isAlreadySent } from '../../shared/transport/earlierSend';
import { outcomeOf } from '../../shared/transport/failureMeaning';
import { itemRequests } from '../../shared/transport/request';
import type { SendGate } from '../../shared/transport/requestTypes';
import { CLAIM_CHECK_DELAY_MS } from '../../shared/transport/sentRecord';
import { failureAfterMoneyMoved } from '../execution/afterMoneyMoved';
import { errorItem, toItems, withItemIndex } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';
import type { NodeRun } from '../execution/operationEnvironment';
import { readParameter, runsAsTool } from '../execution/readParameter';
import { readYesNo } from '../helpers/fieldInput';
import { fromVersion2 } from '../helpers/nodeVersions';
import { openToolCall } from '../tool/toolGate';
import type { OperationEnvironment, PayOperation } from './types';

/**
 * How many items of a run that may move money are claimed ahead of the wire: what the wire takes
 * in AHEAD_MS at the pace measured so far in the run, at least 50 per item Items at Once lets on
 * it, at most 1,000. Their claims share one write and one wait, and the next ones are claimed
 * while these are sent: against a service that answers at once the wire waits for claims only
 * at the start (the first 50, then the batch the pace asks for), and at the live service's pace
 * 50 stay ahead, as they always did. Bounded because a crash (a killed worker) leaves the claimed
 * items not yet sent as "outcome unknown" to a later execution: about a second of sends, or 50 per
 * Items at Once when that is more.
 */
const CLAIMED_AHEAD_PER_ITEM_AT_ONCE = 50;
const MOST_CLAIMED_AHEAD = 1_000;
/** Twice the claim's wait: the next claims are ready before the ones sent meanwhile run out. */
const AHEAD_MS = 2 * CLAIM_CHECK_DELAY_MS;

export interface ItemsRun {
	items: INodeExecutionData[];
	/** Items that came back as errors (with Continue On Fail; else the first failure is thrown). */
	failedItems: number;
}

/** The operation chosen, for every input item, `concurrency` at a time. */
export async function runPayItems(
	context: IExecuteFunctions,
	run: NodeRun,
	chosen: { resource: string; operation: PayOperation },
	concurrency: number,
): Promise<ItemsRun> {
	const { resource, operation } = chosen;
	const itemCount = context.getInputData().length;
	const handler = async (itemIndex: number) =>
		await runPayItem(context, itemRun, resource, operation, itemIndex);
	// Items that may move money start ahead of the wire, so their References are claimed in batches
	// (one write, one wait each); the gate keeps Items at Once on the wire.
	const gate = operation.safeToRunTogether ? undefined : sendGate(concurrency);
	const itemRun = gate ? { ...run, gate } : run;
	if (!gate) return await runItems(context, itemCount, handler, concurrency);
	const least = concurrency * CLAIMED_AHEAD_PER_ITEM_AT_ONCE;
	const claimedAhead = () =>
		Math.min(Math.max(least, Math.ceil(gate.pace() * AHEAD_MS)), MOST_CLAIMED_AHEAD);
	return await runItems(context, itemCount, handler, claimedAhead, gate);
}

/** One item, from the gate to its output. */
async function runPayItem(
	context: IExecuteFunctions,
	run: NodeRun,
	resource: string,
	operation: PayOperation,
	itemIndex: number,
): Promise<ItemResult> {
	const log: { carriedOut?: string } = {};
	const env: OperationEnvironment = { ...run, request: itemRequests(context, run, log) };
	// An agent's call is refused here, before anything is sent, unless the user's settings allow it.
	// In a workflow (not as an AI agent's tool) there is no call to open.
	const toolCall = runsAsTool(env.node.type)
		? await openToolCall(context, env, resource, operation, itemIndex)
		: undefined;
	if (toolCall && 'refused' in toolCall) return toolCall.refused;
	try {
		const simplify = readSimplify(context, run, operation, itemIndex);
		const output = await operation.execute.call(context, itemIndex, env);
		const shown = simplify ? simplified(output, simplify) : output;
		return toolCall ? await toolCall.answer(shown) : shown;
	} catch (thrown) {
		const error = failureAfterMoneyMoved(run.node, itemIndex, log.carriedOut, thrown);
		toolCall?.settle(outcomeOf(error));
		// Sent by an earlier execution, or shown sent by the service: no failure, an ordinary item.
		if (isAlreadySent(error)) return error.toOutput();
		throw error;
	}
}

/** Every item fails alike (a node-wide setting is wrong), each paired to its input. */
export async function failEveryItem(
	context: IExecuteFunctions,
	error: unknown,
): Promise<INodeExecutionData[]> {
	const itemCount = context.getInputData().length;
	return (await runItems(context, itemCount, async () => await Promise.reject(error))).items;
}

/**
 * Runs the handler for every input item, at most `concurrency` at a time (a number, or what the
 * run's pace allows as it goes), and returns the output in input order with `pairedItem` on every
 * item. With Continue On Fail a failing item comes back as an item holding its error (and the
 * `outcome` to branch on), paired to its input; otherwise the first failure stops the launch of
 * further items and is thrown once those in flight have settled, so no request is left half-sent.
 * A gated run ends once the writes its items left behind are made.
 */
export async function runItems(
	context: IExecuteFunctions,
	itemCount: number,
	handler: (itemIndex: number) => Promise<ItemResult>,
	concurrency: number | (() => number) = 1,
	gate?: PacedGate,
): Promise<ItemsRun> {
	const results: INodeExecutionData[][] = new Array(itemCount);
	const continueOnFail = context.continueOnFail();
	const toErrorOutput = continueOnFail && context.getNode().onError === 'continueErrorOutput';
	const limit = typeof concurrency === 'number' ? () => concurrency : concurrency;
	let failedItems = 0;
	// A holder rather than a variable: the items update it, and the compiler must not narrow it.
	const failed: { first?: { itemIndex: number; error: unknown } } = {};
	const runOne = async (itemIndex: number) => {
		try {
			results[itemIndex] = toItems(await handler(itemIndex), itemIndex);
		} catch (error) {
			if (continueOnFail) {
				results[itemIndex] = [errorItem(error, itemIndex, toErrorOutput)];
				failedItems++;
			} else if (!(error instanceof GateShutError)) {
				// Another item may have failed meanwhile: keep the earliest.
				const earlier = failed.first as { itemIndex: number } | undefined;
				if (earlier === undefined || itemIndex < earlier.itemIndex)
					failed.first = { itemIndex, error };
				gate?.shut();
			}
		} finally {
			// After a failure shut the gate: nothing waiting gets through.
			gate?.leave(itemIndex);
		}
	};
	await launchUnder(limit, itemCount, runOne, {
		stopped: () => failed.first !== undefined,
		stop: (itemIndex, error) => (failed.first ??= { itemIndex, error }),
	});
	await gate?.writesLeftBehind();
	if (failed.first !== undefined)
		throw withItemIndex(context, failed.first.error, failed.first.itemIndex);
	return { items: results.flat(), failedItems };
}

/**
 * Starts `run` for items 0 … itemCount − 1 in order, while fewer than `limit()` are under way and
 * the run has not stopped, and settles once every item started has settled. `run` catches what an
 * item throws; should it throw all the same, the run stops on it rather than wait for an item that
 * will never settle.
 */
async function launchUnder(
	limit: () => number,
	itemCount: number,
	run: (itemIndex: number) => Promise<void>,
	items: { stopped(): boolean; stop(itemIndex: number, error: unknown): void },
): Promise<void> {
	let next = 0;
	let running = 0;
	await new Promise<void>((allSettled) => {
		const launch = () => {
			const most = Math.max(1, Math.floor(limit()) || 1);
			while (!items.stopped() && next < itemCount && running < most) {
				const itemIndex = next++;
				const settled = () => {
					running--;
					launch();
				};
				running++;
				void run(itemIndex).then(settled, (error: unknown) => {
					items.stop(itemIndex, error);
					settled();
				});
			}
			if (running === 0) allSettled();
		};
		launch();
	});
}

/**
 * Simplify, as n8n's nodes with large objects have it (from version 2, on by default): the
 * operation's output reduced to the fields a workflow maps, by the operation's own `simplify`.
 * Off, or at version 1 (where the field is not shown), the output is the whole answer, as before.
 */
export const simplifyProperty: INodeProperties = fromVersion2({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
});

/**
 * The operation's way to simplify, when it has one and the item's Simplify is on. Read before
 * anything is sent: a Simplify mapped to nonsense fails the item with nothing done.
 */
export function readSimplify(
	context: IExecuteFunctions,
	run: NodeRun,
	operation: PayOperation,
	itemIndex: number,
): PayOperation['simplify'] {
	if (operation.simplify === undefined) return undefined;
	const on = readYesNo(
		run.node,
		itemIndex,
		simplifyProperty.displayName,
		readParameter(context, run, simplifyProperty.name, itemIndex, false),
	);
	return on ? operation.simplify : undefined;
}

export function simplified(
	output: ItemResult,
	simplify: NonNullable<PayOperation['simplify']>,
): ItemResult {
	return Array.isArray(output)
		? output.map((entry: IDataObject) => simplify(entry))
		: simplify(output);
}

/*
 * The send gate: Items at Once for a run whose items all start together. Every item reads its
 * fields and claims its Reference at once (the claims share one write and one wait, sentRecord.ts),
 * and then at most `limit` items are past the gate, taken in the order they asked. An item keeps
 * its place until the pipeline is done with it, so a failure can shut the gate (the run stops: an
 * item failed without Continue On Fail) before anyone else goes through; those still waiting send
 * nothing.
 */
/** Why an item waiting for its place sent nothing: an earlier item's failure stops the run. */
export class GateShutError extends Error {
	constructor() {
		super('Not sent: another item of this run failed first, so the run stops');
	}
}

/** The send gate as the item pipeline sees it: also the wire's pace and the writes left behind. */
export interface PacedGate extends SendGate {
	/** Items through the gate per millisecond of its being busy (0 before the first). */
	pace(): number;
	/** Settles once every write an item left behind is made. */
	writesLeftBehind(): Promise<void>;
}

export function sendGate(limit: number): PacedGate {
	let free = Math.max(1, Math.floor(limit) || 1);
	let shut = false;
	const inside = new Set<number>();
	const queue: Array<{ itemIndex: number; admit(): void; refuse(): void }> = [];
	const writes = new Set<Promise<void>>();
	// The pace counts only the time someone is inside or waiting: not the time spent on claims.
	let through = 0;
	let busyMs = 0;
	let busySince: number | undefined;
	const idleUnlessBusy = () => {
		if (busySince === undefined || inside.size > 0 || queue.length > 0) return;
		busyMs += Date.now() - busySince;
		busySince = undefined;
	};
	return {
		async enter(itemIndex) {
			if (inside.has(itemIndex)) return;
			if (shut) throw new GateShutError();
			busySince ??= Date.now();
			if (free > 0) free--;
			else
				await new Promise<void>((admit, refuse) => {
					queue.push({ itemIndex, admit, refuse: () => refuse(new GateShutError()) });
				});
			inside.add(itemIndex);
		},
		leave(itemIndex) {
			if (!inside.delete(itemIndex)) return;
			through++;
			const next = queue.shift();
			// Inside from now: the place is not free for a moment, nor the gate idle.
			if (next) inside.add(next.itemIndex);
			if (next) next.admit();
			else free++;
			idleUnlessBusy();
		},
		shut() {
			shut = true;
			for (const waiting of queue.splice(0)) waiting.refuse();
			idleUnlessBusy();
		},
		leaveBehind(write) {
			writes.add(write);
			const made = () => writes.delete(write);
			void write.then(made, made);
		},
		pace() {
			const ms = busyMs + (busySince === undefined ? 0 : Date.now() - busySince);
			return through === 0 ? 0 : through / Math.max(ms, 1);
		},
		async writesLeftBehind() {
			await Promise.all(writes);
		},
	};
}
