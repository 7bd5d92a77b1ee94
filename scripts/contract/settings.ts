/**
 * What the check is told: from the command line (`--base-url …`), else from the environment
 * (PAY_BASE_URL, PAY_API_KEY, PAY_REFRESH_TOKEN, PAY_SLUG). An error names the flag and the
 * variable, never a value.
 */
import { READINGS } from './expected/reading';
import type { Reading } from './expected/reading';

export interface ContractSettings {
	baseUrl: string;
	apiKey: string;
	refreshToken: string;
	/** A payment link the user names, read as it is. */
	slug?: string;
	/** Also create and change a small payment link and the test card (the service's sandbox host). */
	create: boolean;
	/** The readings the answers are compared with. */
	readings: readonly Reading[];
	/** Print the Markdown report, ready to paste into an issue. */
	share: boolean;
	/** Where report.md and report.json are written. */
	outDir: string;
}

export class UsageError extends Error {}

const VALUES = {
	baseUrl: ['--base-url', 'PAY_BASE_URL'],
	apiKey: ['--api-key', 'PAY_API_KEY'],
	refreshToken: ['--refresh-token', 'PAY_REFRESH_TOKEN'],
	slug: ['--slug', 'PAY_SLUG'],
	expect: ['--expect', 'PAY_CONTRACT_EXPECT'],
	outDir: ['--out', 'PAY_CONTRACT_OUT'],
} as const;

const SWITCHES = new Set(['--create', '--share']);

export function readSettings(argv: string[], env: NodeJS.ProcessEnv): ContractSettings {
	const given = argumentsOf(argv);
	const value = (name: keyof typeof VALUES): string | undefined => {
		const [flag, variable] = VALUES[name];
		const found = given.get(flag) ?? env[variable];
		return found === undefined || found.trim() === '' ? undefined : found.trim();
	};
	const required = (name: 'baseUrl' | 'apiKey' | 'refreshToken'): string => {
		const found = value(name);
		if (found === undefined)
			throw new UsageError(`Give ${VALUES[name][0]} (or set ${VALUES[name][1]}).`);
		return found;
	};
	const baseUrl = required('baseUrl');
	if (!/^https?:\/\/[^/]/i.test(baseUrl))
		throw new UsageError('--base-url must start with https:// (or http:// for a local sandbox).');
	return {
		baseUrl: baseUrl.replace(/\/+$/, ''),
		apiKey: required('apiKey'),
		refreshToken: required('refreshToken'),
		slug: value('slug'),
		create: given.has('--create'),
		readings: readingsOf(value('expect')),
		share: given.has('--share'),
		outDir: value('outDir') ?? 'contract-report',
	};
}

function readingsOf(expect: string | undefined): readonly Reading[] {
	if (expect === undefined || expect === 'both') return READINGS;
	if ((READINGS as readonly string[]).includes(expect)) return [expect as Reading];
	throw new UsageError(`--expect takes ${READINGS.join(', ')} or both.`);
}

function argumentsOf(argv: string[]): Map<string, string> {
	const given = new Map<string, string>();
	for (let index = 0; index < argv.length; index++) {
		const [flag, inline] = argv[index].split(/=(.*)/s, 2);
		if (SWITCHES.has(flag)) {
			given.set(flag, 'yes');
			continue;
		}
		if (!Object.values(VALUES).some(([known]) => known === flag))
			throw new UsageError(`Unknown option ${flag}.`);
		const next = inline ?? argv[++index];
		if (next === undefined) throw new UsageError(`${flag} needs a value.`);
		given.set(flag, next);
	}
	return given;
}
