/**
 * A CPU profile of some work in this process (V8's sampling profiler, through node:inspector), read
 * as whose code the time went to: this package's built code, n8n's packages, axios, Node itself,
 * and the busiest functions. What a row says when its target is not met.
 */
import { Session } from 'inspector';

import { name as PACKAGE_NAME } from '../package.json';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

/** V8's CPU profile, as the inspector's `Profiler.stop` gives it. */
export interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export interface CpuShares {
	/** Milliseconds the process was busy (idle samples left out). */
	busyMs: number;
	/** Busy time by owner, largest first: `this package`, `n8n-workflow`, `axios`, `node`, … */
	byOwner: Array<{ owner: string; ms: number }>;
	/** The functions with the most time of their own, largest first. */
	topFrames: Array<{ frame: string; ms: number }>;
	/** The same among this package's own functions: where what the package adds goes. */
	ownTopFrames: Array<{ frame: string; ms: number }>;
}

function post<T>(session: Session, method: string): Promise<T> {
	return new Promise((resolve, reject) =>
		session.post(method, (error, result) => (error ? reject(error) : resolve(result as T))),
	);
}

export async function profiled(work: () => Promise<unknown>): Promise<CpuShares> {
	const session = new Session();
	session.connect();
	try {
		await post(session, 'Profiler.enable');
		await post(session, 'Profiler.start');
		await work();
		const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
		return cpuSharesOf(profile);
	} finally {
		session.disconnect();
	}
}

/**
 * Who owns a frame's code, from its file: this package (here or installed in an
 * n8n), a dependency, or Node.
 */
function ownerOf(url: string): string {
	if (url.includes('/node_modules/')) {
		const after = url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
		const owner = after[0].startsWith('@') ? `${after[0]}/${after[1]}` : after[0];
		return owner === PACKAGE_NAME ? 'this package' : owner;
	}
	if (url.includes('/dist/nodes/') || url.includes('/dist/credentials/')) return 'this package';
	if (url.includes('/bench/') || url.includes('/test/')) return 'benchmark harness';
	if (url.startsWith('node:') || url === '') return 'node (runtime, network, garbage collection)';
	return 'other';
}

/**
 * A native function (no file: a C++ binding's method, as isolated-vm's or sqlite3's) counts for
 * the code that called it, the nearest caller with a file: that is whose work it does. V8's own
 * entries, "(program)" and "(garbage collector)", stay the runtime's.
 */
function callerOfNative(
	node: ProfileNode,
	parentOf: Map<number, ProfileNode>,
): ProfileNode['callFrame'] | undefined {
	const { functionName, url } = node.callFrame;
	if (url !== '' || functionName.startsWith('(')) return undefined;
	for (let caller = parentOf.get(node.id); caller; caller = parentOf.get(caller.id))
		if (caller.callFrame.url !== '') return caller.callFrame;
	return undefined;
}

export function cpuSharesOf(profile: Profile): CpuShares {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parentOf = new Map<number, ProfileNode>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parentOf.set(child, node);
	const owners = new Map<string, number>();
	const frames = new Map<string, number>();
	const ownFrames = new Map<string, number>();
	let busy = 0;
	profile.samples.forEach((id, index) => {
		const node = byId.get(id) as ProfileNode;
		const { functionName, url, lineNumber } = node.callFrame;
		// Idle time, and the profiler's own call, are not the work's.
		if (functionName === '(idle)' || url === 'node:inspector') return;
		const ms = (profile.timeDeltas[index] ?? 0) / 1000;
		busy += ms;
		const caller = callerOfNative(node, parentOf);
		const owner = ownerOf(caller?.url ?? url);
		owners.set(owner, (owners.get(owner) ?? 0) + ms);
		const file = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
		const place = caller ? `native, called by ${owner}` : file ? `${file}:${lineNumber + 1}` : 'V8';
		const frame = `${functionName || '(anonymous)'} (${place})`;
		frames.set(frame, (frames.get(frame) ?? 0) + ms);
		if (owner === 'this package') ownFrames.set(frame, (ownFrames.get(frame) ?? 0) + ms);
	});
	const sorted = <K extends string>(map: Map<string, number>, key: K) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.map(([name, ms]) => ({ [key]: name, ms }) as Record<K, string> & { ms: number });
	return {
		busyMs: busy,
		byOwner: sorted(owners, 'owner'),
		topFrames: sorted(frames, 'frame').slice(0, 5),
		ownTopFrames: sorted(ownFrames, 'frame').slice(0, 5),
	};
}

/** "this package 4.1 %, n8n-workflow 20.3 %, …; top frames: …", for a row's text. */
export function describeShares(
	shares: CpuShares,
	owners = 5,
	whose = "CPU profile of the Pay node's run",
): string {
	const percent = (ms: number) => `${((100 * ms) / shares.busyMs).toFixed(1)} %`;
	const own = shares.byOwner.find((entry) => entry.owner === 'this package')?.ms ?? 0;
	const others = shares.byOwner.filter((entry) => entry.owner !== 'this package').slice(0, owners);
	return (
		`${whose}: this package's own code ${percent(own)} of the busy time; ` +
		`${others.map((entry) => `${entry.owner} ${percent(entry.ms)}`).join(', ')}; ` +
		`top frames: ${shares.topFrames.map((entry) => `${entry.frame} ${percent(entry.ms)}`).join(', ')}` +
		(shares.ownTopFrames.length > 0
			? `; this package's busiest functions: ${shares.ownTopFrames.map((entry) => `${entry.frame} ${percent(entry.ms)}`).join(', ')}`
			: '')
	);
}
