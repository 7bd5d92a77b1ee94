/**
 * What happens to the items of one run of the Pay node, top to bottom. Items are taken a few at
 * a time (Items at Once). Each one passes the Pay Tool's gate when an agent calls, has its fields
 * read and its requests sent by its operation (each request claimed, sent once, resolved with the
 * service when its answer is lost and recorded: shared/transport/request.ts), and leaves as an
 * output item or as an error item paired to its input.
 */
import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isAlreadySent } from '../../shared/transport/earlierSend';
import { outcomeOf } from '../../shared/transport/failureMeaning';
import { itemRequests } from '../../shared/transport/request';
import type { PayRequest, SendGate } from '../../shared/transport/requestTypes';
import { CLAIM_CHECK_DELAY_MS } from '../../shared/transport/sentRecord';
import { failureAfterMoneyMoved } from '../execution/afterMoneyMoved';
import { errorItem, toItems, withItemIndex } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';
import type { NodeRun } from '../execution/operationEnvironment';
import { readParameter, runsAsTool } from '../execution/readParameter';
import { noteOutput, noteRequest } from '../execution/runJournal';
import type { RunJournal } from '../execution/runJournal';
import { readYesNo } from '../helpers/fieldInput';
import { openToolCall } from '../tool/toolGate';
import { simplified, simplifyProperty } from './simplify';
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
/**
 * Items launched ahead of the wire go in batches of at least a quarter of the window, not one
 * each time one leaves: their claims then share a write, a wait and a read-back (n8n writes the
 * node's whole list each time), and the window never falls below three quarters of it.
 */
const WINDOW_PARTS = 4;

/** How many items may be under way as the run goes, and the fewest launched together. */
export interface LaunchWindow {
	most(): number;
	fewestTogether(): number;
}

/** The window of a run sending `concurrency` at a time at `pace` (items per ms, 0 at first). */
export function claimWindow(concurrency: number, pace: () => number): LaunchWindow {
	const least = concurrency * CLAIMED_AHEAD_PER_ITEM_AT_ONCE;
	const most = () => Math.min(Math.max(least, Math.ceil(pace() * AHEAD_MS)), MOST_CLAIMED_AHEAD);
	return { most, fewestTogether: () => Math.ceil(most() / WINDOW_PARTS) };
}

export interface ItemsRun {
	items: INodeExecutionData[];
	/** Items that came back as errors (with Continue On Fail; else the first failure is thrown). */
	failedItems: number;
}

/** What the router found before the first request, and where the run's requests are noted. */
export interface CheckedRun {
	/** Items whose input was refused by the input pass (router.ts): they fail with nothing sent. */
	refused: ReadonlyMap<number, unknown>;
	journal: RunJournal;
}

/** The operation chosen, for every input item, `concurrency` at a time. */
export async function runPayItems(
	context: IExecuteFunctions,
	run: NodeRun,
	chosen: { resource: string; operation: PayOperation },
	concurrency: number,
	checked: CheckedRun = { refused: new Map(), journal: { requests: [], slugs: new Map() } },
): Promise<ItemsRun> {
	const itemCount = context.getInputData().length;
	const handler = async (itemIndex: number) =>
		checked.refused.has(itemIndex)
			? await Promise.reject(checked.refused.get(itemIndex))
			: await runPayItem(context, itemRun, chosen, itemIndex, checked.journal);
	// Items that may move money start ahead of the wire, so their References are claimed in batches
	// (one write, one wait each); the gate keeps Items at Once on the wire.
	const gate = chosen.operation.safeToRunTogether ? undefined : sendGate(concurrency);
	const itemRun = gate ? { ...run, gate } : run;
	if (!gate) return await runItems(context, itemCount, handler, concurrency);
	const window = claimWindow(concurrency, gate.pace);
	return await runItems(context, itemCount, handler, window, gate);
}

/** One item, from the gate to its output, its requests and output noted in the run's journal. */
async function runPayItem(
	context: IExecuteFunctions,
	run: NodeRun,
	{ resource, operation }: { resource: string; operation: PayOperation },
	itemIndex: number,
	journal: RunJournal,
): Promise<ItemResult> {
	const log: { carriedOut?: string } = {};
	const sent = itemRequests(context, run, log);
	const env: OperationEnvironment = { ...run, request: notedIn(journal, itemIndex, sent) };
	// An agent's call is refused here, before anything is sent, unless the user's settings allow it.
	// In a workflow (not as an AI agent's tool) there is no call to open.
	const toolCall = runsAsTool(env.node.type)
		? await openToolCall(context, env, resource, operation, itemIndex)
		: undefined;
	if (toolCall && 'refused' in toolCall) return toolCall.refused;
	try {
		const simplify = readSimplify(context, run, operation, itemIndex);
		const output = await operation.execute.call(context, itemIndex, env);
		noteOutput(journal, itemIndex, output);
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

/** The item's request function, each request noted in the run's journal once it settles. */
function notedIn(
	journal: RunJournal,
	itemIndex: number,
	send: (request: PayRequest) => Promise<unknown>,
): (request: PayRequest) => Promise<unknown> {
	return async (request) => {
		const answer = await send(request).catch(async (error: unknown) => {
			// Held at the gate after another item failed: it never went anywhere.
			if (!(error instanceof GateShutError)) noteRequest(journal, itemIndex, request, { error });
			return await Promise.reject(error);
		});
		noteRequest(journal, itemIndex, request);
		return answer;
	};
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
 * Runs the handler for every input item, at most `concurrency` at a time (a number, or a window
 * that follows the run's pace), and returns the output in input order with `pairedItem` on every
 * item. With Continue On Fail a failing item comes back as an item holding its error (and the
 * `outcome` to branch on), paired to its input; otherwise the first failure stops the launch of
 * further items and is thrown once those in flight have settled, so no request is left half-sent.
 * A gated run ends once the writes its items left behind are made.
 */
export async function runItems(
	context: IExecuteFunctions,
	itemCount: number,
	handler: (itemIndex: number) => Promise<ItemResult>,
	concurrency: number | LaunchWindow = 1,
	gate?: PacedGate,
): Promise<ItemsRun> {
	const results: INodeExecutionData[][] = new Array(itemCount);
	const continueOnFail = context.continueOnFail();
	const toErrorOutput = continueOnFail && context.getNode().onError === 'continueErrorOutput';
	const window =
		typeof concurrency === 'number'
			? { most: () => concurrency, fewestTogether: () => 1 }
			: concurrency;
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
	await launchUnder(window, itemCount, runOne, {
		stopped: () => failed.first !== undefined,
		stop: (itemIndex, error) => (failed.first ??= { itemIndex, error }),
	});
	await gate?.writesLeftBehind();
	if (failed.first !== undefined)
		throw withItemIndex(context, failed.first.error, failed.first.itemIndex);
	return { items: results.flat(), failedItems };
}

/**
 * Starts `run` for items 0 … itemCount − 1 in order, while fewer than `window.most()` are under way
 * and the run has not stopped, once `window.fewestTogether()` can start (or all that are left), and
 * settles once every item started has settled. `run` catches what an item throws; should it throw
 * all the same, the run stops on it rather than wait for an item that will never settle.
 */
async function launchUnder(
	window: LaunchWindow,
	itemCount: number,
	run: (itemIndex: number) => Promise<void>,
	items: { stopped(): boolean; stop(itemIndex: number, error: unknown): void },
): Promise<void> {
	let next = 0;
	let running = 0;
	await new Promise<void>((allSettled) => {
		const launch = () => {
			const most = wholeAndAtLeastOne(window.most());
			const together = wholeAndAtLeastOne(window.fewestTogether());
			const enoughFree = most - running >= Math.min(together, most, itemCount - next);
			while (enoughFree && !items.stopped() && next < itemCount && running < most) {
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

/** A count of items from a computed figure: whole, and one when it is below one or not a number. */
function wholeAndAtLeastOne(count: number): number {
	return Math.max(1, Math.floor(count) || 1);
}

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

/*
 * The send gate: Items at Once for a run whose items all start together. Every item reads its
 * fields and claims its Reference at once (the claims share one write and one wait, sentRecord.ts),
 * and then at most `limit` items are past the gate, taken in the order they asked. An item keeps
 * its place until the pipeline is done with it, so a failure can shut the gate (the run stops: an
 * item failed without Continue On Fail) before anyone else goes through; those still waiting send
 * nothing. What an item leaves behind (its "sent" mark) is written after it, with the others', and
 * the run ends once it is.
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
	let free = wholeAndAtLeastOne(limit);
	let shut = false;
	const inside = new Set<number>();
	const queue: Array<{ itemIndex: number; admit(): void; refuse(): void }> = [];
	const marks = writesMadeTogether();
	// The pace counts only the time someone is inside or waiting: not the time spent on claims.
	let through = 0;
	let busyMs = 0;
	let busySince: number | undefined;
	const idleUnlessBusy = () => {
		if (busySince === undefined || inside.size > 0 || queue.length > 0) return;
		busyMs += Date.now() - busySince;
		busySince = undefined;
	};
	const pace = () => {
		const ms = busyMs + (busySince === undefined ? 0 : Date.now() - busySince);
		return through === 0 ? 0 : through / Math.max(ms, 1);
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
			// Gathered only where the wire's pace brings others within the wait: at the live
			// service's pace a mark is written at once, not left waiting for a crash to lose it.
			const together = pace() * MARKS_GATHERED_MS >= 2;
			marks.add(write, together ? MARKS_GATHERED_MS : 0);
		},
		pace,
		async writesLeftBehind() {
			await marks.allMade();
		},
	};
}

/**
 * How long the "sent" marks items leave behind wait for the marks of the items answered after
 * them, when the wire brings at least two in that time: started together, they share one write of
 * the node's record list (n8n writes the whole list each time: against a service that answers at
 * once, a write per mark costs more than the request). After a crash the marks not yet written are
 * missing: those items come out "unknown" to a later execution, which asks the service first.
 */
export const MARKS_GATHERED_MS = 100;

/** Writes started in batches: each once its first has waited as it asked, or when all are due. */
function writesMadeTogether() {
	const made = new Set<Promise<void>>();
	let gathering:
		{ writes: Array<() => Promise<void>>; urge(): void; started: Promise<void> } | undefined;
	const startAll = (writes: Array<() => Promise<void>>) => {
		for (const started of writes.map((write) => write())) {
			made.add(started);
			const settled = () => made.delete(started);
			void started.then(settled, settled);
		}
	};
	const newBatch = (gatherMs: number) => {
		let urge = () => {};
		const urged = new Promise<void>((resolve) => (urge = resolve));
		const writes: Array<() => Promise<void>> = [];
		// Raced, not chained to the timer: once urged (the run is over), the timer, still running,
		// runs none of the node's code.
		const started = Promise.race([urged, sleep(gatherMs)]).then(() => {
			gathering = undefined;
			startAll(writes);
		});
		return { writes, urge, started };
	};
	return {
		add(write: () => Promise<void>, gatherMs: number) {
			gathering ??= newBatch(gatherMs);
			gathering.writes.push(write);
		},
		/** Starts what still waits (the run is over: nothing more will join it), then waits for all. */
		async allMade() {
			const waiting = gathering;
			waiting?.urge();
			await waiting?.started;
			await Promise.all(made);
		},
	};
}
