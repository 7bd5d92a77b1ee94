/**
 * The order in which a run first enters the built package's files. V8's coverage says which files
 * ran but keeps no order, so every function and class the built modules export is wrapped for the
 * run, also where an exported object holds it (an operation's `execute`, a wait's `resume`), and
 * its first call notes the file that defines it: the module exporting it itself, else the one whose
 * exports reach it in the fewest steps. A module that only re-exports (the transport's door) runs
 * nothing of its own but its getters, which run just before what they hand over: it is placed
 * before the first file it re-exports from that the run entered.
 */
import { relative } from 'path';

import { PACKAGE_ROOT } from './loadPackage';

export const BUILT = `${PACKAGE_ROOT}/dist/`;

/** A built file as the source it was built from, from the repository's root. */
export const sourceOf = (builtFile: string) => relative(BUILT, builtFile).replace(/\.js$/, '.ts');

export interface FirstEntries {
	/** The files whose functions were called, in the order of their first call. */
	order(): string[];
	/** Where a re-exporting module goes in an order: before the first of its sources there. */
	placeReExporters(order: string[], entered: string[]): string[];
	restore(): void;
}

type Callable = (...args: unknown[]) => unknown;

interface Slot {
	holder: object;
	key: string;
	value: Callable;
}

/** How deep into an exported object its functions are looked for. */
const MAX_DEPTH = 4;

/** An array or an object literal, of any realm (jest makes modules' exports in its own). */
function isPlain(value: unknown): value is object {
	if (typeof value !== 'object' || value === null) return false;
	if (Array.isArray(value)) return true;
	const prototype = Object.getPrototypeOf(value) as object | null;
	return prototype === null || Object.getPrototypeOf(prototype) === null;
}

const isClass = (value: Callable) => Function.prototype.toString.call(value).startsWith('class');

interface BuiltModule {
	file: string;
	exports: object;
}

function builtModules(): BuiltModule[] {
	const cache = require.cache;
	return Object.keys(cache)
		.filter((path) => path.startsWith(BUILT))
		.map((path) => ({ file: sourceOf(path), exports: cache[path]?.exports as unknown }))
		.filter((module): module is BuiltModule => isPlain(module.exports));
}

type Owners = Map<Callable, { file: string; depth: number }>;

/**
 * Every function the modules' exports hold, down to MAX_DEPTH, with the file that defines it and
 * the writable places that hold it.
 */
function exportedFunctions(modules: BuiltModule[]): { owners: Owners; slots: Slot[] } {
	const owners: Owners = new Map();
	const slots: Slot[] = [];
	const visit = (holder: object, key: string, file: string, depth: number, seen: Set<object>) => {
		const descriptor = Object.getOwnPropertyDescriptor(holder, key);
		if (!descriptor || !('value' in descriptor)) return;
		const value = descriptor.value as unknown;
		if (typeof value === 'function') {
			const owner = owners.get(value as Callable);
			if (!owner || owner.depth > depth) owners.set(value as Callable, { file, depth });
			if (descriptor.writable) slots.push({ holder, key, value: value as Callable });
		} else if (isPlain(value) && depth < MAX_DEPTH && !seen.has(value)) {
			seen.add(value);
			for (const child of Object.keys(value)) visit(value, child, file, depth + 1, seen);
		}
	};
	for (const { file, exports } of modules)
		for (const key of Object.keys(exports)) visit(exports, key, file, 0, new Set());
	return { owners, slots };
}

/** The wrappers of one run: each notes its file on its first call, until restored. */
class EntryNoter {
	readonly order: string[] = [];
	/** Each wrapper, by the file defining what it wraps. */
	readonly fileOfWrapper = new Map<unknown, string>();
	private readonly wrappers = new Map<Callable, unknown>();
	private readonly restorers: Array<() => void> = [];

	constructor(private readonly owners: Owners) {}

	wrapAt(slot: Slot): void {
		this.replace(slot.holder, slot.key, this.wrapperOf(slot.value));
	}

	restore(): void {
		this.restorers.reverse().forEach((restore) => restore());
	}

	private note(file: string): void {
		if (!this.order.includes(file)) this.order.push(file);
	}

	private replace(holder: object, key: string, value: unknown): void {
		const descriptor = Object.getOwnPropertyDescriptor(holder, key)!;
		Object.defineProperty(holder, key, { ...descriptor, value });
		this.restorers.push(() => Object.defineProperty(holder, key, descriptor));
	}

	private wrapperOf(original: Callable): unknown {
		const known = this.wrappers.get(original);
		if (known) return known;
		const { file } = this.owners.get(original)!;
		const wrapper = isClass(original)
			? this.classNoting(original, file)
			: this.functionNoting(original, file);
		this.wrappers.set(original, wrapper);
		this.fileOfWrapper.set(wrapper, file);
		return wrapper;
	}

	private functionNoting(original: Callable, file: string): Callable {
		const note = (entered: string) => this.note(entered);
		return function (this: unknown, ...args: unknown[]) {
			note(file);
			return new.target
				? (Reflect.construct(original, args, new.target) as unknown)
				: original.apply(this, args);
		};
	}

	/** A class notes its file when constructed and when any of its methods runs. */
	private classNoting(type: Callable, file: string): unknown {
		for (const holder of [type.prototype as object, type])
			for (const key of Object.getOwnPropertyNames(holder)) {
				const descriptor = Object.getOwnPropertyDescriptor(holder, key)!;
				if (key === 'constructor' || typeof descriptor.value !== 'function') continue;
				if (descriptor.writable)
					this.replace(holder, key, this.functionNoting(descriptor.value as Callable, file));
			}
		const note = (entered: string) => this.note(entered);
		return new Proxy(type, {
			construct(target, args, newTarget) {
				note(file);
				return Reflect.construct(target, args, newTarget) as object;
			},
		});
	}
}

/** What each re-exporting module hands over, by the files that define it. */
function reExportSources(
	modules: BuiltModule[],
	fileOfWrapper: Map<unknown, string>,
): Map<string, Set<string>> {
	const sources = new Map<string, Set<string>>();
	for (const { file, exports } of modules)
		for (const key of Object.keys(exports)) {
			if (!Object.getOwnPropertyDescriptor(exports, key)?.get) continue;
			const source = fileOfWrapper.get((exports as Record<string, unknown>)[key]);
			if (source === undefined) continue;
			if (!sources.has(file)) sources.set(file, new Set());
			sources.get(file)!.add(source);
		}
	return sources;
}

export function noteFirstEntries(): FirstEntries {
	const modules = builtModules();
	const { owners, slots } = exportedFunctions(modules);
	const noter = new EntryNoter(owners);
	for (const slot of slots) noter.wrapAt(slot);
	const reExported = reExportSources(modules, noter.fileOfWrapper);
	return {
		order: () => [...noter.order],
		placeReExporters(ordered, entered) {
			const placed = [...ordered];
			for (const [file, sources] of reExported) {
				if (!entered.includes(file) || placed.includes(file)) continue;
				const first = placed.findIndex((entry) => sources.has(entry));
				if (first >= 0) placed.splice(first, 0, file);
			}
			return placed;
		},
		restore: () => noter.restore(),
	};
}
