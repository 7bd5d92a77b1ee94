/**
 * What happens to the items of one run of the Pay node, top to bottom. Items are taken a few at a
 * time (Items at Once). Each one passes the Pay Tool's gate when an agent calls, has its fields
 * read and its requests sent by its operation (each request claimed, sent once, resolved with the
 * service when its answer is lost and recorded: shared/transport/request/request.ts), and leaves
 * as an output item or as an error item paired to its input.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { itemRequests, outcomeOf } from '../../shared/transport';
import type { PayRequest, RequestResult } from '../../shared/transport';
import { failureAfterMoneyMoved } from '../execution/afterMoneyMoved';
import { errorItem, toItems, withItemIndex } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';
import type { NodeRun } from '../execution/operationEnvironment';
import { runsAsTool } from '../execution/readParameter';
import { noteOutput, noteRequest } from '../execution/runJournal';
import type { RunJournal } from '../execution/runJournal';
import { openToolCall } from '../tool/toolGate';
import { itemEnding } from './itemEnding';
import { launchUnder } from './launchUnder';
import { GateShutError, sendGate } from './sendGate';
import type { RunGate } from './sendGate';
import { readSimplify, simplified } from './simplify';
import type { OperationEnvironment, PayOperation } from './types';

/**
 * How many items of a run that may move money are under way at once per item Items at Once lets on
 * the wire: claimed (their References recorded, the claim's wait) while those before them are sent.
 * At the live service's pace (about 150 ms an answer) the claim's wait and its writes last about
 * four sends: ten keep the wire fed with as much again to spare. Few because a crash (a killed
 * worker) leaves the items claimed and not yet sent "outcome unknown" to a later execution.
 */
export const CLAIMED_AHEAD_PER_ITEM_AT_ONCE = 10;

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
	// Items that may move money start ahead of the wire, so that their claims' wait passes while
	// others are sent; the gate keeps Items at Once on the wire.
	const gate = chosen.operation.safeToRunTogether ? undefined : sendGate(concurrency);
	const itemRun = gate ? { ...run, gate } : run;
	if (!gate) return await runItems(context, itemCount, handler, concurrency);
	const underWay = concurrency * CLAIMED_AHEAD_PER_ITEM_AT_ONCE;
	return await runItems(context, itemCount, handler, underWay, gate);
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
	const ending = itemEnding(notedIn(journal, itemIndex, itemRequests(context, run, log)));
	const env: OperationEnvironment = { ...run, request: ending.requests };
	// An agent's call is refused here, before anything is sent, unless the user's settings allow it.
	// In a workflow (not as an AI agent's tool) there is no call to open.
	const toolCall = runsAsTool(env.node.type)
		? await openToolCall(context, env, resource, operation, itemIndex)
		: undefined;
	if (toolCall && 'refused' in toolCall) return toolCall.refused;
	try {
		const simplify = readSimplify(context, run, operation, itemIndex);
		const ended = await ending.outcome(operation.execute.call(context, itemIndex, env));
		// Sent by an earlier execution, or shown sent by the service: no failure, an ordinary item.
		if ('sentBefore' in ended) {
			toolCall?.settle(ended.sentBefore.outcome);
			return ended.sentBefore.output;
		}
		const { output } = ended;
		noteOutput(journal, itemIndex, output);
		const shown = simplify ? simplified(output, simplify) : output;
		return toolCall ? await toolCall.answer(shown) : shown;
	} catch (thrown) {
		const error = failureAfterMoneyMoved(run.node, itemIndex, log.carriedOut, thrown);
		toolCall?.settle(outcomeOf(error));
		throw error;
	}
}

/** The item's requests, each noted in the run's journal once it settles. */
function notedIn(
	journal: RunJournal,
	itemIndex: number,
	send: (request: PayRequest) => Promise<RequestResult>,
): (request: PayRequest) => Promise<RequestResult> {
	return async (request) => {
		const result = await send(request).catch(async (error: unknown) => {
			// Held at the gate after another item failed: it never went anywhere.
			if (!(error instanceof GateShutError)) noteRequest(journal, itemIndex, request, { error });
			return await Promise.reject(error);
		});
		noteRequest(
			journal,
			itemIndex,
			request,
			'sentBefore' in result ? result.sentBefore : undefined,
		);
		return result;
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
 * Runs the handler for every input item, at most `concurrency` at a time, and returns the output
 * in input order with `pairedItem` on every item. With Continue On Fail a failing item comes back
 * as an item holding its error (and the `outcome` to branch on), paired to its input; otherwise
 * the first failure stops the launch of further items and is thrown once those in flight have
 * settled, so no request is left half-sent. A gated run ends once the writes its items left behind
 * are made.
 */
export async function runItems(
	context: IExecuteFunctions,
	itemCount: number,
	handler: (itemIndex: number) => Promise<ItemResult>,
	concurrency = 1,
	gate?: RunGate,
): Promise<ItemsRun> {
	const results: INodeExecutionData[][] = new Array(itemCount);
	const continueOnFail = context.continueOnFail();
	const toErrorOutput = continueOnFail && context.getNode().onError === 'continueErrorOutput';
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
	await launchUnder(concurrency, itemCount, runOne, {
		stopped: () => failed.first !== undefined,
		stop: (itemIndex, error) => (failed.first ??= { itemIndex, error }),
	});
	await gate?.writesLeftBehind();
	if (failed.first !== undefined)
		throw withItemIndex(context, failed.first.error, failed.first.itemIndex);
	return { items: results.flat(), failedItems };
}
