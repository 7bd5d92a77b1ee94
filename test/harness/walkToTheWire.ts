/**
 * Which of the package's files a run enters from its entry point (execute(), webhook(), poll()) to
 * the moment its request leaves for the service, and in what order. V8's precise coverage says
 * which (a file counts when one of its functions ran); the order is that of their first calls
 * (firstEntries.ts). Nothing is told by hand, so the list cannot drift from the code.
 */
import { subscribe, unsubscribe } from 'diagnostics_channel';
import type { ClientRequest } from 'http';
import { Session } from 'inspector';
import { BUILT, noteFirstEntries, sourceOf } from './firstEntries';

interface ScriptCoverage {
	url: string;
	functions: Array<{ ranges: Array<{ count: number }> }>;
}

/** A request as it leaves: its method and path (query left out). */
export interface WireRequest {
	method: string;
	path: string;
}

const REQUEST_START = 'http.client.request.start';

/**
 * Runs `run` and answers the package files (as their TypeScript sources, from the repository's
 * root) entered before the first request `isTheWire` recognises left, in the order they were
 * first entered. Everything the package loads is loaded by a run before this one, so only what runs
 * counts. A file coverage saw entered through nothing the package exports fails the walk: its
 * place would be a guess.
 */
export async function filesEnteredToTheWire(
	run: () => Promise<unknown>,
	isTheWire: (request: WireRequest) => boolean,
): Promise<string[]> {
	const firstEntries = noteFirstEntries();
	let atTheWire: string[] = [];
	let entered: string[];
	try {
		entered = await filesCoveredToTheWire(run, isTheWire, () => {
			atTheWire = firstEntries.order();
		});
	} finally {
		firstEntries.restore();
	}
	const ordered = firstEntries.placeReExporters(
		atTheWire.filter((file) => entered.includes(file)),
		entered,
	);
	const unplaced = entered.filter((file) => !ordered.includes(file));
	if (unplaced.length > 0)
		throw new Error(
			`entered before the wire, but through nothing the package exports, so in no known order: ${unplaced.join(', ')}`,
		);
	return ordered;
}

/** The package files V8's coverage saw entered from the run's start to the wire, in no order. */
async function filesCoveredToTheWire(
	run: () => Promise<unknown>,
	isTheWire: (request: WireRequest) => boolean,
	onTheWire: () => void,
): Promise<string[]> {
	const session = new Session();
	session.connect();
	// An in-thread inspector session answers synchronously: the coverage is read at the instant
	// the request starts, before its answer can run anything more.
	const post = (method: string, params?: object) => {
		let answer: unknown;
		session.post(method, params, (error, result) => {
			if (error) throw error;
			answer = result;
		});
		return answer as { result: ScriptCoverage[] };
	};
	post('Profiler.enable');
	post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
	let atTheWire: ScriptCoverage[] | undefined;
	const onRequest = (message: unknown) => {
		const request = (message as { request: ClientRequest }).request;
		const path = request.path.split('?')[0];
		if (atTheWire || !isTheWire({ method: request.method, path })) return;
		atTheWire = post('Profiler.takePreciseCoverage').result;
		onTheWire();
	};
	subscribe(REQUEST_START, onRequest);
	try {
		post('Profiler.takePreciseCoverage');
		await run();
	} finally {
		unsubscribe(REQUEST_START, onRequest);
		post('Profiler.stopPreciseCoverage');
		session.disconnect();
	}
	if (!atTheWire) throw new Error('the run sent no request the test recognises as the wire');
	return packageFilesEntered(atTheWire);
}

function packageFilesEntered(scripts: ScriptCoverage[]): string[] {
	return scripts
		.filter((script) => script.url.replace('file://', '').startsWith(BUILT))
		.filter((script) => script.functions.some((fn) => fn.ranges[0].count > 0))
		.map((script) => sourceOf(script.url.replace('file://', '')));
}
